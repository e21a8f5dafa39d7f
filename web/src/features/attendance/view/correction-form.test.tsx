import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAttendanceCorrectionInput } from '@portal/shared/contracts/attendance';
import { SUCCESS } from '@portal/shared/messages';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AttendanceCorrectionRoute from '../routes/attendance-correction.tsx';
import { SAVE_BUTTON } from './correction-form.tsx';
import { attendanceDetails } from './test-details.ts';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const ROUTE = {
  path: '/attendance/tasks/modify-details/12',
  routePath: '/attendance/tasks/modify-details/:id',
  routes: [{ path: '/attendance/tasks/details/:id', element: <p>view</p> }],
};

beforeEach(() => {
  notify.toastSuccess.mockReset();
  notify.toastError.mockReset();
});

async function editNinth() {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: '勤怠' }), 'first');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: '日' }), '9');
  const day = screen.getByTestId('correction-day');
  expect(day).toHaveTextContent('社内勤怠 9日（水）');
  // 出勤 fills the tab's working hours; the end is typed and rounded down on blur.
  await userEvent.selectOptions(within(day).getByRole('combobox', { name: '勤務区分' }), '01');
  expect(within(day).getByLabelText('開始')).toHaveValue('09:00');
  const end = within(day).getByLabelText('終了');
  fireEvent.change(end, { target: { value: '20:10' } });
  fireEvent.blur(end);
  expect(end).toHaveValue('20:00');
}

describe('HR correction of an approved 勤怠報告', () => {
  it('edits one day with live figures and saves the whole report, then shows the view', async () => {
    const { requests } = mockFetch({
      'GET /api/attendance/tasks/modify-details/12/': { body: attendanceDetails({ can_edit: true }) },
      'PUT /api/attendance/tasks/modify-details/12/': { body: attendanceDetails({ version: 2 }) },
    });
    const { router } = renderWithRouter(<AttendanceCorrectionRoute />, ROUTE);
    await editNinth();
    const figures = screen.getByTestId('correction-figures');
    expect(figures).toHaveTextContent('早出・残業2:00');
    expect(figures).toHaveTextContent('合計10:00');
    expect(screen.getByTestId('correction-changed')).toHaveTextContent('社内勤怠 9日');

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
  });

  it('lists the server’s field errors by tab and day, and a click goes to that day', async () => {
    mockFetch({
      'GET /api/attendance/tasks/modify-details/12/': { body: attendanceDetails({ can_edit: true }) },
      'PUT /api/attendance/tasks/modify-details/12/': {
        status: 400,
        body: { 'first.days.9.end': ['終了時刻は開始時刻より後にしてください。'] },
      },
    });
    const { router } = renderWithRouter(<AttendanceCorrectionRoute />, ROUTE);
    await editNinth();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '日' }), '1');
    await userEvent.click(screen.getByRole('button', { name: SAVE_BUTTON }));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    const errors = await screen.findByTestId('correction-errors');
    expect(errors).toHaveTextContent('社内勤怠 9日 終了：終了時刻は開始時刻より後にしてください。');
    await userEvent.click(within(errors).getByRole('button'));
    expect(screen.getByTestId('correction-day')).toHaveTextContent('社内勤怠 9日');
    expect(router.state.location.pathname).toBe('/attendance/tasks/modify-details/12');
  });

  it('refuses to save when nothing changed', async () => {
    mockFetch({
      'GET /api/attendance/tasks/modify-details/12/': { body: attendanceDetails({ can_edit: true }) },
    });
    renderWithRouter(<AttendanceCorrectionRoute />, ROUTE);
    expect(await screen.findByRole('button', { name: SAVE_BUTTON })).toBeDisabled();
  });
});
