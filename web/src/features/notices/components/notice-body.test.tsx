import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNotice } from '@portal/shared/contracts/notices';
import { testQueryClient } from '@/testing/render.tsx';
import { NoticeBody } from './notice-body.tsx';

vi.mock('../api/get-notice-file.ts', () => ({
  getNoticeFile: vi.fn(async () => ({ blob: new Blob(['<svg/>']), filename: '図.svg' })),
}));

const notice = (body: string): Pick<TNotice, 'id' | 'body' | 'attachments'> => ({
  id: 7,
  body,
  attachments: [
    { n: 1, name: '図.svg', size: 6, content_type: 'image/svg+xml' },
    { n: 2, name: '表.xlsx', size: 6, content_type: 'application/vnd.ms-excel' },
  ],
});

function renderBody(body: string) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <NoticeBody notice={notice(body)} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('NoticeBody', () => {
  it('shows the notice’s own image named attachment:1, and no image from elsewhere or raw HTML', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/figure');
    const { container } = renderBody(
      '![配置図](attachment:1)\n\n![外部](https://evil.example/a.png)\n\n<img src="x" onerror="alert(1)">\n\n[probe](https://example.com/)',
    );
    await screen.findByRole('img', { name: '配置図' }, { timeout: 4000 });
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'blob:http://localhost/figure');
    expect(container.innerHTML).not.toContain('onerror');
    expect(screen.getByRole('link', { name: 'probe' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('drops a javascript: link, keeping its words', async () => {
    renderBody('[押して](javascript:alert(1)) [probe](https://example.com/)');
    await screen.findByRole('link', { name: 'probe' }, { timeout: 4000 });
    expect(screen.getByText('押して').closest('a')).toBeNull();
  });
});
