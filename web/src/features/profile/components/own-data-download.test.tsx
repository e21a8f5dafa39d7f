// Issue 34 (個人情報保護法 §33): an employee downloads their own data from プロフィール as one zip.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render.tsx';
import { DOWNLOAD_OWN_DATA, OwnDataDownload } from './own-data-download.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);
const files = vi.hoisted(() => ({ saveFile: vi.fn(), openFileWindow: vi.fn() }));
vi.mock('@/lib/save-file.ts', () => files);

function serve(status: number) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      seen.push(new URL(String(input), 'http://localhost').pathname);
      return status === 200
        ? new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition':
                "attachment; filename*=UTF-8''%E5%80%8B%E4%BA%BA%E3%83%87%E3%83%BC%E3%82%BF.zip",
            },
          })
        : new Response(JSON.stringify({ detail: 'サーバーでエラーが発生しました。' }), { status });
    }),
  );
  return seen;
}

beforeEach(() => vi.clearAllMocks());

describe('the download of one’s own data', () => {
  it('saves the zip the account export answers, under its name', async () => {
    const seen = serve(200);
    renderWithRouter(<OwnDataDownload />);
    await userEvent.setup().click(screen.getByRole('button', { name: DOWNLOAD_OWN_DATA }));
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
    expect(seen).toEqual(['/api/account/export/']);
    const [blob, name] = files.saveFile.mock.calls[0] as [Blob, string];
    expect(name).toMatch(/\.zip$/);
    expect(blob.size).toBe(4);
  });

  it('says so when the server fails, and saves nothing', async () => {
    serve(500);
    renderWithRouter(<OwnDataDownload />);
    await userEvent.setup().click(screen.getByRole('button', { name: DOWNLOAD_OWN_DATA }));
    await waitFor(() => expect(notify.toastError).toHaveBeenCalledTimes(1));
    expect(files.saveFile).not.toHaveBeenCalled();
  });
});
