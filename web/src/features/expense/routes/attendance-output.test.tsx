import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render.tsx';
import AttendanceOutputRoute, { DOWNLOAD_BUTTON } from './attendance-output.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);
const files = vi.hoisted(() => ({ saveFile: vi.fn(), openFileWindow: vi.fn() }));
vi.mock('@/lib/save-file.ts', () => files);

const XLSX = new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]);

function serve(status = 200) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      seen.push(new URL(String(input), 'http://localhost').pathname);
      return status === 200
        ? new Response(XLSX, {
            headers: {
              'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('勤怠_2025年04月.xlsx')}`,
            },
          })
        : new Response(JSON.stringify({ detail: 'この操作を実行する権限がありません。' }), { status });
    }),
  );
  return seen;
}

beforeEach(() => {
  notify.toastError.mockReset();
  files.saveFile.mockReset();
});

describe('attendance output /expense/attendance', () => {
  it('downloads the month of the URL as .xlsx under the server’s file name', async () => {
    const seen = serve();
    renderWithRouter(<AttendanceOutputRoute />, { path: '/expense/attendance?month=2025-04' });
    expect(screen.getByLabelText('対象月')).toHaveValue('2025-04');
    await userEvent.click(screen.getByRole('button', { name: DOWNLOAD_BUTTON }));
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
    expect(seen).toEqual(['/api/expense/attendance/year/2025/month/4/']);
    const [blob, name] = files.saveFile.mock.calls[0] as [Blob, string];
    expect(name).toBe('勤怠_2025年04月.xlsx');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(XLSX);
  });

  it('shows the refusal as an error toast and saves nothing', async () => {
    serve(403);
    renderWithRouter(<AttendanceOutputRoute />, { path: '/expense/attendance?month=2025-04' });
    await userEvent.click(screen.getByRole('button', { name: DOWNLOAD_BUTTON }));
    await waitFor(() => expect(notify.toastError).toHaveBeenCalledTimes(1));
    expect(files.saveFile).not.toHaveBeenCalled();
  });
});
