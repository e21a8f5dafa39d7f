import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TAttendanceReport } from '@portal/shared/contracts/attendance';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { attendance } from '@portal/shared/endpoints/attendance';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AttendanceReportRoute from '../routes/attendance-report.tsx';
import { AttendanceReportView } from './attendance-report-view.tsx';
import { AttendanceView, EDIT_BUTTON } from './attendance-view.tsx';
import { attendanceDetails } from './test-details.ts';

const files = vi.hoisted(() => ({ saveFile: vi.fn(), openFileWindow: vi.fn() }));
vi.mock('@/lib/save-file.ts', () => files);

const toneOf = (date: string) =>
  screen
    .getAllByTestId('attendance-day')
    .find((row) => row.getAttribute('data-date') === date)
    ?.getAttribute('data-tone') ?? null;

const dayRow = (date: string) =>
  screen.getAllByTestId('attendance-day').find((row) => row.getAttribute('data-date') === date)!;

describe('read-only attendance view (spec §2.5)', () => {
  it('titles the month with its 所定労働日数, the applicant and the employee code', () => {
    renderWithRouter(<AttendanceView details={attendanceDetails()} />);
    const title = screen.getByTestId('attendance-title');
    expect(title).toHaveTextContent('2025年4月 所定労働日数 21日');
    expect(title).toHaveTextContent('山田 太郎（E0007）');
  });

  it('opens on the on-site tab and switches to in-house and merged, each with its own tables', async () => {
    renderWithRouter(<AttendanceView details={attendanceDetails()} />);
    expect(screen.getByRole('tab', { name: '現場勤怠' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('attendance-day')).toHaveLength(30);
    // On-site settings (*_2) and its own day: 10:00–20:00 on the 8th, one hour past its 19:00.
    expect(screen.getByTestId('attendance-settings')).toHaveTextContent('10:00〜19:00');
    expect(within(dayRow('2025-04-08')).getByText('出勤')).toBeInTheDocument();
    expect(dayRow('2025-04-08').querySelector('[data-cell="over"]')).toHaveTextContent('1:00');
    expect(screen.getByTestId('attendance-timesheet')).toHaveTextContent('timesheet-2025-04.xlsx');
    expect(screen.getByTestId('attendance-remark')).toHaveTextContent('4月は客先常駐です。');

    await userEvent.click(screen.getByRole('tab', { name: '社内勤怠' }));
    expect(screen.getByTestId('attendance-settings')).toHaveTextContent('09:00〜18:00');
    // The 7th: 09:00–23:00 is 8 hours basic, 4 of overtime and 1 of night work.
    const seventh = dayRow('2025-04-07');
    expect(seventh.querySelector('[data-cell="basic_time"]')).toHaveTextContent('8:00');
    expect(seventh.querySelector('[data-cell="over"]')).toHaveTextContent('4:00');
    expect(seventh.querySelector('[data-cell="night_over"]')).toHaveTextContent('1:00');
    expect(seventh.querySelector('[data-cell="total_time"]')).toHaveTextContent('13:00');
    const totals = screen.getByTestId('attendance-totals');
    expect(within(totals).getByText('有給休暇日数').nextSibling).toHaveTextContent('1.5');
    expect(within(totals).getByText('欠勤日数').nextSibling).toHaveTextContent('1');

    await userEvent.click(screen.getByRole('tab', { name: '合併勤怠' }));
    expect(screen.getByRole('columnheader', { name: '現場区分' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '外出時間' })).toBeInTheDocument();
    expect(screen.queryByTestId('attendance-settings')).not.toBeInTheDocument();
    const first = dayRow('2025-04-01');
    expect(first.querySelector('[data-cell="on_site_type"]')).toHaveTextContent('出勤');
    expect(first.querySelector('[data-cell="in_house_type"]')).toHaveTextContent('出勤');
  });

  it('opens on the in-house tab when the on-site tab has no day entered', () => {
    const details = attendanceDetails();
    // Nothing worked on-site, only the holiday every tab gets.
    const empty = details.second.days.map((day, i) =>
      i === 28 ? { ...day, type: '10', start: '', end: '' } : { ...day, type: '', start: '', end: '' },
    );
    renderWithRouter(<AttendanceView details={{ ...details, second: { ...details.second, days: empty } }} />);
    expect(screen.getByRole('tab', { name: '社内勤怠' })).toHaveAttribute('aria-selected', 'true');
  });

  it('colours weekends without a type grey, and 02/03/04 yellow with worked hours, grey without', async () => {
    renderWithRouter(<AttendanceView details={attendanceDetails()} />);
    await userEvent.click(screen.getByRole('tab', { name: '社内勤怠' }));
    expect(toneOf('2025-04-01')).toBeNull(); // 出勤
    expect(toneOf('2025-04-02')).toBe('grey'); // 有給, whole day
    expect(toneOf('2025-04-03')).toBe('yellow'); // 有給, half day with 09:00–13:00
    expect(toneOf('2025-04-04')).toBe('grey'); // 欠勤
    expect(toneOf('2025-04-05')).toBe('grey'); // Saturday, no type
    expect(toneOf('2025-04-06')).toBe('grey'); // Sunday, no type
    expect(toneOf('2025-04-09')).toBeNull(); // a weekday with no type
  });

  it('saves the timesheet, fetched through the report so everyone who sees the report gets it', async () => {
    const { requests } = mockFetch({
      ...reply(
        attendance.timesheet,
        { id: 12 },
        {
          body: {
            name: 'timesheet-2025-04.xlsx',
            content: 'UEsDBA==',
            content_type: 'application/vnd.ms-excel',
            size: 4,
          },
        },
      ),
    });
    renderWithRouter(<AttendanceView details={attendanceDetails()} />);
    await userEvent.click(screen.getByTestId('timesheet-link'));
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
    expect(files.saveFile.mock.calls[0]?.[1]).toBe('timesheet-2025-04.xlsx');
    expect(requests.map((r) => r.path)).toEqual(['/api/attendance/tasks/details/12/file/']);
  });

  it('lists the month’s leave', () => {
    renderWithRouter(<AttendanceView details={attendanceDetails()} />);
    const rows = screen.getAllByTestId('vacation-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('有給休暇2025-04-032025-04-030.5○');
  });

  it('shows the edit button and the edited line only when editing is allowed', async () => {
    const line = ATTENDANCE_MSG.editedLine('清水 花子', '2025-05-02 10:15');
    const { unmount } = renderWithRouter(
      <AttendanceView details={attendanceDetails({ can_edit: false, edited_line: line })} />,
    );
    expect(screen.queryByRole('button', { name: EDIT_BUTTON })).not.toBeInTheDocument();
    expect(screen.queryByText(line)).not.toBeInTheDocument();
    unmount();

    const { router } = renderWithRouter(
      <AttendanceView details={attendanceDetails({ can_edit: true, edited_line: line })} />,
    );
    expect(screen.getByTestId('attendance-edited')).toHaveTextContent(
      '清水 花子 が 2025-05-02 10:15 に編集しました',
    );
    await userEvent.click(screen.getByRole('button', { name: EDIT_BUTTON }));
    expect(router.state.location.pathname).toBe('/attendance/tasks/modify-details/12');
  });

  it('offers no edit button on an earlier version', () => {
    renderWithRouter(
      <AttendanceView details={attendanceDetails({ can_edit: true, version: 1, latest_version: 2 })} />,
    );
    expect(screen.queryByRole('button', { name: EDIT_BUTTON })).not.toBeInTheDocument();
  });
});

describe('attendance report loaded by task id', () => {
  const report: TAttendanceReport = {
    task_id: 12,
    task_status: '90',
    task_status_name: '完了',
    year: 2025,
    month: 4,
    employee: { id: 7, code: 'E0007', name: '山田 太郎' },
    versions: [
      {
        version: 2,
        editor_name: '清水 花子',
        created_at: '2025-05-02T10:15:00+09:00',
        is_correction: true,
        totals: attendanceDetails().result.merged.totals,
        send_back_comment: null,
        sent_back_at: null,
      },
      {
        version: 1,
        editor_name: '山田 太郎',
        created_at: '2025-05-01T09:00:00+09:00',
        is_correction: false,
        totals: attendanceDetails().result.merged.totals,
        send_back_comment: null,
        sent_back_at: null,
      },
    ],
  };

  it('picks an earlier version from the report’s versions and keeps it in the URL', async () => {
    const { requests } = mockFetch({
      ...reply(attendance.details, { id: 12 }, (request) => ({
        body: attendanceDetails({
          version: Number(request.query.get('version') ?? 2),
          latest_version: 2,
          can_edit: true,
        }),
      })),
      ...reply(attendance.report, { id: 12 }, { body: report }),
    });
    const { router } = renderWithRouter(<AttendanceReportView taskId={12} />, { path: '/x' });
    const picker = await screen.findByTestId('attendance-version');
    expect(screen.getByRole('button', { name: EDIT_BUTTON })).toBeInTheDocument();
    await userEvent.selectOptions(picker, '1');
    expect(router.state.location.search).toBe('?version=1');
    await screen.findByText('第1版（申請 2025-05-01 09:00）', { selector: 'option' });
    expect(requests.some((r) => r.query.get('version') === '1')).toBe(true);
    // An earlier version is for reading: HR corrects the latest one.
    await waitFor(() => expect(screen.queryByRole('button', { name: EDIT_BUTTON })).not.toBeInTheDocument());
  });

  it('shows a resubmitted report’s versions, the sent-back one with its send-back comment beside it', async () => {
    const resubmitted: TAttendanceReport = {
      ...report,
      task_status: '01',
      task_status_name: '申請中',
      versions: [
        { ...report.versions[1]!, version: 2, created_at: '2025-05-03T09:30:00+09:00' },
        {
          ...report.versions[1]!,
          send_back_comment: '6/5 の退勤時刻を確認してください',
          sent_back_at: '2025-05-02T18:00:00+09:00',
        },
      ],
    };
    mockFetch({
      ...reply(attendance.details, { id: 12 }, (request) => ({
        body: attendanceDetails({ version: Number(request.query.get('version') ?? 2), latest_version: 2 }),
      })),
      ...reply(attendance.report, { id: 12 }, { body: resubmitted }),
    });
    const { router } = renderWithRouter(<AttendanceReportView taskId={12} />, { path: '/x' });
    const latest = await screen.findByTestId('attendance-history-2');
    expect(latest).toHaveTextContent('第2版（再申請 2025-05-03 09:30）');
    expect(latest).not.toHaveTextContent('差戻し');
    const sentBack = screen.getByTestId('attendance-history-1');
    expect(sentBack).toHaveTextContent('第1版（申請 2025-05-01 09:00）');
    expect(sentBack).toHaveTextContent('差戻し（2025-05-02 18:00）：6/5 の退勤時刻を確認してください');
    await userEvent.click(within(sentBack).getByRole('button'));
    expect(router.state.location.search).toBe('?version=1');
  });

  it('stands on its own route for those who see attendance without being on the request', async () => {
    mockFetch({
      ...reply(attendance.details, { id: 12 }, { body: attendanceDetails() }),
    });
    renderWithRouter(<AttendanceReportRoute />, {
      path: '/attendance/tasks/details/12',
      routePath: '/attendance/tasks/details/:id',
    });
    expect(await screen.findByTestId('attendance-view')).toBeInTheDocument();
  });
});
