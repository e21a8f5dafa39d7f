import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render.tsx';
import { FORBIDDEN_TITLE } from '@/components/errors/forbidden.tsx';
import AttendancePdfRoute, { NO_REPORT_PERMISSION, OPEN_PDF, SAVE_PDF } from './attendance-pdf.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);
const tab = vi.hoisted(() => ({ show: vi.fn(), close: vi.fn() }));
const files = vi.hoisted(() => ({ saveFile: vi.fn(), openFileWindow: vi.fn() }));
vi.mock('@/lib/save-file.ts', () => files);

const PDF = new TextEncoder().encode('%PDF-1.7\n');

const NOT_FOUND = () => new Response(JSON.stringify({ detail: '見つかりませんでした。' }), { status: 404 });

/** The PDF answers `status`; the report itself (GET /api/attendance/{id}/) answers `reportStatus`. */
function serve(status = 200, reportStatus = 200) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (/^\/api\/attendance\/\d+\/$/.test(path)) {
        return reportStatus === 200 ? new Response(JSON.stringify({ versions: [] })) : NOT_FOUND();
      }
      seen.push(path);
      return status === 200
        ? new Response(PDF, { headers: { 'Content-Disposition': 'attachment; filename="kintai.pdf"' } })
        : NOT_FOUND();
    }),
  );
  return seen;
}

beforeEach(() => {
  vi.clearAllMocks();
  files.openFileWindow.mockReturnValue(tab);
});

describe('attendance PDF /attendance/pdf', () => {
  it('opens my month of the URL in a new tab', async () => {
    const seen = serve();
    renderWithRouter(<AttendancePdfRoute />, { path: '/attendance/pdf?month=2025-04' });
    await userEvent.click(screen.getByRole('button', { name: OPEN_PDF }));
    await waitFor(() => expect(tab.show).toHaveBeenCalledTimes(1));
    expect(seen).toEqual(['/api/attendance/pdf/2025/4/']);
    expect(tab.show.mock.calls[0]?.[1]).toBe('kintai.pdf');
  });

  it('saves a report given by ?task=, and closes the tab it opened when the report is refused', async () => {
    const seen = serve();
    const { unmount } = renderWithRouter(<AttendancePdfRoute />, { path: '/attendance/pdf?task=12' });
    await userEvent.click(await screen.findByRole('button', { name: SAVE_PDF }));
    expect(screen.queryByLabelText('対象月')).not.toBeInTheDocument();
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
    expect(seen).toEqual(['/api/attendance/tasks/pdf/12/']);
    unmount();

    serve(404);
    renderWithRouter(<AttendancePdfRoute />, { path: '/attendance/pdf?task=13' });
    await userEvent.click(await screen.findByRole('button', { name: OPEN_PDF }));
    await waitFor(() => expect(notify.toastError).toHaveBeenCalledTimes(1));
    expect(tab.close).toHaveBeenCalledTimes(1);
  });

  it('refuses a report one may not see with the one refusal page, before any download', async () => {
    const seen = serve(200, 404);
    renderWithRouter(<AttendancePdfRoute />, { path: '/attendance/pdf?task=14' });
    const refusal = await screen.findByTestId('forbidden');
    expect(refusal).toHaveTextContent(FORBIDDEN_TITLE);
    expect(refusal).toHaveTextContent(NO_REPORT_PERMISSION);
    expect(screen.queryByRole('button', { name: OPEN_PDF })).not.toBeInTheDocument();
    expect(screen.queryByText('見つかりませんでした。')).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});
