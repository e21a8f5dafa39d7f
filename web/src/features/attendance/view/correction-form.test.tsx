import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAttendanceCorrectionInput } from '@portal/shared/contracts/attendance';
import { SUCCESS } from '@portal/shared/messages';
import { attendance } from '@portal/shared/endpoints/attendance';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AttendanceCorrectionRoute from '../routes/attendance-correction.tsx';
import { SAVE_BUTTON } from './correction-form.tsx';
import { attendanceDetails } from './test-details.ts';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

// The interaction tests render two grids of a month of inputs: on a loaded machine that takes more
// than vitest's default 5 s, so they get more time (they assert what happens, never how fast).
const ROUTE = {
  path: '/attendance/tasks/modify-details/12',
  routePath: '/attendance/tasks/modify-details/:id',
  routes: [{ path: '/attendance/tasks/details/:id', element: <p>view</p> }],
};

beforeEach(() => {
  notify.toastSuccess.mockReset();
  notify.toastError.mockReset();
});

const row = (day: number) =>
  screen.getAllByTestId('attendance-day').find((r) => r.getAttribute('data-day') === String(day))!;

/** On the in-house grid: the 9th (a Wednesday with no type) becomes 出勤 until 20:10, kept as 20:00. */
async function editNinth() {
  const type = await screen.findByRole('combobox', { name: '9日 区分' });
  expect(screen.getByRole('tab', { name: '社内勤怠' })).toHaveAttribute('aria-selected', 'true');
  await userEvent.selectOptions(type, '01');
  expect(screen.getByRole('textbox', { name: '9日 開始' })).toHaveValue('09:00');
  const end = screen.getByRole('textbox', { name: '9日 終了' });
  await userEvent.clear(end);
  // '2010' is read as 20:10 (a phone's number pad has no colon) and rounded down on blur.
  await userEvent.type(end, '2010');
  await userEvent.tab();
  expect(end).toHaveValue('20:00');
}

describe('HR correction of an approved 勤怠報告', () => {
  it('edits one day with live figures and saves the whole report, then shows the view', async () => {
    const { requests } = mockFetch({
      ...reply(attendance.correction, { id: 12 }, { body: attendanceDetails({ can_edit: true }) }),
      ...reply(attendance.correct, { id: 12 }, { body: attendanceDetails({ version: 2 }) }),
    });
    const { router } = renderWithRouter(<AttendanceCorrectionRoute />, ROUTE);
    await editNinth();
    expect(row(9).querySelector('[data-figure="over"]')).toHaveTextContent('2:00');
    expect(row(9).querySelector('[data-figure="total_time"]')).toHaveTextContent('10:00');
    expect(screen.getByTestId('correction-changed')).toHaveTextContent('変更した日：社内勤怠 9日');

    await userEvent.click(screen.getByRole('button', { name: SAVE_BUTTON }));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/attendance/tasks/details/12'));
    expect(notify.toastSuccess).toHaveBeenCalledWith(SUCCESS.saved);
    const put = requests.find((r) => r.method === 'PUT')!;
    const body = put.body as TAttendanceCorrectionInput;
    expect(body.first.days[8]).toEqual({ type: '01', start: '09:00', end: '20:00', locked: false });
    expect(body.first.days[0]).toEqual({ type: '01', start: '09:00', end: '18:00', locked: false });
    expect(body.second.days).toEqual(attendanceDetails().second.days);
    expect(body.remark).toBe('4月は客先常駐です。');
  }, 30_000);

  it('puts the server’s field errors under their cells and lists them by tab and day', async () => {
    mockFetch({
      ...reply(attendance.correction, { id: 12 }, { body: attendanceDetails({ can_edit: true }) }),
      ...reply(
        attendance.correct,
        { id: 12 },
        {
          status: 400,
          body: { 'first.days.9.end': ['終了時刻は開始時刻より後にしてください。'] },
        },
      ),
    });
    const { router } = renderWithRouter(<AttendanceCorrectionRoute />, ROUTE);
    await editNinth();
    await userEvent.click(screen.getByRole('button', { name: SAVE_BUTTON }));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByTestId('correction-errors')).toHaveTextContent(
      '社内勤怠 9日 終了：終了時刻は開始時刻より後にしてください。',
    );
    // One message at the day's row (issue 12), describing the end cell it names.
    const message = screen.getAllByTestId('attendance-day-error').find((r) => r.dataset.day === '9')!;
    expect(within(message).getByRole('alert')).toHaveTextContent('終了時刻は開始時刻より後にしてください。');
    expect(within(row(9)).getByLabelText('9日 終了')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/attendance/tasks/modify-details/12');
  }, 30_000);

  it('refuses to save when nothing changed', async () => {
    mockFetch({
      ...reply(attendance.correction, { id: 12 }, { body: attendanceDetails({ can_edit: true }) }),
    });
    renderWithRouter(<AttendanceCorrectionRoute />, ROUTE);
    expect(await screen.findByRole('button', { name: SAVE_BUTTON })).toBeDisabled();
  });
});
