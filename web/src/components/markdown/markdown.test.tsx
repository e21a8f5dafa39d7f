import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const ATTACHMENT = '/api/manual/pages/1/attachments/0/';

async function renderMarkdown(source: string, imageUrls: string[] = []) {
  const { container } = render(<Markdown imageUrls={imageUrls}>{source}</Markdown>);
  await screen.findByText('probe', {}, { timeout: 4000 });
  return container;
}

describe('Markdown', () => {
  it('drops a <script> element and never runs it', async () => {
    const container = await renderMarkdown(
      '<script>window.__pwned = 1</script>\n\n<p data-testid="x">raw</p>\n\n[probe](https://example.com/)',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('p[data-testid="x"]')).toBeNull();
    expect(container.innerHTML).not.toContain('__pwned');
  });

  it('drops an <img onerror> and any image that is not one of the attachments', async () => {
    const container = await renderMarkdown(
      `<img src="x" onerror="alert(1)">\n\n![外部](https://evil.example/a.png)\n\n![添付](${ATTACHMENT})\n\n[probe](https://example.com/)`,
      [ATTACHMENT],
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', ATTACHMENT);
    expect(images[0]).toHaveAttribute('alt', '添付');
    expect(container.innerHTML).not.toContain('onerror');
  });

  it('keeps the words of a javascript:, data: or relative link but not the link', async () => {
    const container = await renderMarkdown(
      '[押して](javascript:alert(1)) [データ](data:text/html,hi) [相対](/home) [probe](https://example.com/)',
    );
    expect(screen.getByText('押して').closest('a')).toBeNull();
    expect(screen.getByText('データ').closest('a')).toBeNull();
    expect(screen.getByText('相対').closest('a')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('opens an external link in a new window without an opener and keeps mailto', async () => {
    await renderMarkdown('[probe](https://example.com/) と [総務](mailto:soumu@example.com)');
    const external = screen.getByRole('link', { name: 'probe' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const mail = screen.getByRole('link', { name: '総務' });
    expect(mail).toHaveAttribute('href', 'mailto:soumu@example.com');
    expect(mail).not.toHaveAttribute('target');
  });
});

describe('Markdown images fetched by the page', () => {
  it('shows an image the page resolved (by name) and no other', async () => {
    const { container } = render(
      <Markdown imageSources={{ 'flow.svg': 'blob:http://localhost/1' }}>
        {'![流れ](flow.svg)\n\n![他](other.svg)\n\n[probe](https://example.com/)'}
      </Markdown>,
    );
    await screen.findByText('probe', {}, { timeout: 4000 });
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'blob:http://localhost/1');
  });
});
