import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { AttachmentLink } from './attachment-link.tsx';

const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

function mockDownload(name: string, contentType: string) {
  return mockFetch({
    'GET /api/attachment/40/download/': {
      body: { name, content: 'iVBORw0KGgo=', content_type: contentType, size: 8 },
    },
  });
}

describe('attachment link (spec §2.4)', () => {
  it('opens an image in a modal', async () => {
    const { requests } = mockDownload('scan.png', 'image/png');
    const user = userEvent.setup();
    renderWithRouter(<AttachmentLink attachmentId={40} name="scan.png" />);
    await user.click(screen.getByRole('link', { name: 'scan.png' }));
    const image = await screen.findByRole('img', { name: 'scan.png' });
    expect(image).toHaveAttribute('src', 'blob:preview');
    expect(requests[0]?.path).toBe('/api/attachment/40/download/');
  });

  it('opens a PDF in a new window', async () => {
    mockDownload('report.pdf', 'application/pdf');
    const win = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const user = userEvent.setup();
    renderWithRouter(<AttachmentLink attachmentId={40} name="report.pdf" />);
    await user.click(screen.getByRole('link', { name: 'report.pdf' }));
    await waitFor(() => expect(win.location.href).toBe('blob:preview'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('downloads any other file', async () => {
    mockDownload('times.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithRouter(<AttachmentLink attachmentId={40} name="times.xlsx" />);
    await user.click(screen.getByRole('link', { name: 'times.xlsx' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(anchor.download).toBe('times.xlsx');
    expect(anchor.href).toBe('blob:preview');
  });
});
