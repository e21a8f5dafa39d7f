import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TManualContents, TManualSearch } from '@portal/shared/contracts/manual';
import { testQueryClient } from '@/testing/render.tsx';
import { Highlight } from './highlight.tsx';
import { ManualContents } from './manual-contents.tsx';
import { ManualSearchResults } from './manual-search.tsx';

const CONTENTS: TManualContents = {
  chapters: [
    {
      title: '勤怠と休暇',
      pages: [
        { id: 1, title: '勤怠報告の出し方' },
        { id: 2, title: '休暇申請と有給休暇' },
      ],
    },
    { title: 'Lark', pages: [{ id: 6, title: 'Lark での使い方' }] },
  ],
};

/** A window as wide as `width` for useIsMobile's media query. */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width: 767px') ? width < 768 : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.unstubAllGlobals());

const marks = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('Highlight', () => {
  it.each([
    ['the word as typed', '休暇申請と有給休暇', '有給', ['有給']],
    ['half-width katakana as written in full width', 'このマニュアルについて', 'ﾏﾆｭｱﾙ', ['マニュアル']],
    ['hiragana against katakana', 'マニュアルとまにゅある', 'まにゅある', ['マニュアル', 'まにゅある']],
    ['half-width text with its voiced marks', 'ｶﾞｲﾄﾞを読む', 'ガイド', ['ｶﾞｲﾄﾞ']],
    ['every occurrence, in any case', 'Lark と LARK', 'lark', ['Lark', 'LARK']],
  ])('marks %s', (_label, text, query, expected) => {
    const { container } = render(<Highlight text={text} query={query} />);
    expect(marks(container)).toEqual(expected);
    expect(container).toHaveTextContent(text);
  });

  it('leaves text without the query unmarked', () => {
    const { container } = render(<Highlight text="承認代理" query="有給" />);
    expect(marks(container)).toEqual([]);
  });
});

describe('ManualSearchResults', () => {
  it('shows each page with its chapter and the passage, the match in <mark>', () => {
    const search: TManualSearch = {
      query: '有給',
      results: [
        { id: 2, chapter: '勤怠と休暇', title: '休暇申請と有給休暇', passage: '…残り日数と有給の失効…' },
      ],
    };
    render(
      <MemoryRouter>
        <ManualSearchResults search={search} />
      </MemoryRouter>,
    );
    const results = screen.getByRole('list', { name: '検索結果' });
    const link = within(results).getByRole('link', { name: '休暇申請と有給休暇' });
    expect(link).toHaveAttribute('href', '/manual/2');
    expect(link.querySelector('mark')).toHaveTextContent('有給');
    expect(within(results).getByText('勤怠と休暇')).toBeInTheDocument();
    const passage = within(results).getByText((_, el) => el?.tagName === 'P');
    expect(passage.querySelector('mark')).toHaveTextContent('有給');
  });
});

function renderContents() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={['/manual/2']}>
        <ManualContents contents={CONTENTS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ManualContents (目次)', () => {
  it('lists the chapters and pages beside the page from 768 px, without a 目次 button', () => {
    viewport(1280);
    renderContents();
    const nav = screen.getByRole('navigation', { name: '目次' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['勤怠報告の出し方', '休暇申請と有給休暇', 'Lark での使い方']);
    expect(within(nav).getByRole('link', { name: '休暇申請と有給休暇' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('button', { name: '目次' })).not.toBeInTheDocument();
  });

  it('folds the contents behind a 目次 button on a phone, and closes them when a page is picked', async () => {
    viewport(375);
    renderContents();
    const toggle = screen.getByRole('button', { name: '目次' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: '勤怠報告の出し方' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('link', { name: '勤怠報告の出し方' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
