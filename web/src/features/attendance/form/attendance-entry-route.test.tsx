import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTENDANCE_DAY_ERROR_MESSAGES } from '@portal/shared/attendance/errors';
import type { TAttendanceMonth } from '@portal/shared/contracts/attendance';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from '@portal/shared/limits';
import { ATTENDANCE_MSG, CONFIRM, FIELD_MSG } from '@portal/shared/messages';
import { attendance } from '@portal/shared/endpoints/attendance';
import { tasks } from '@portal/shared/endpoints/tasks';
import { mockFetch, reply, type RecordedRequest } from '@/testing/fetch-mock.ts';
import { task } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AttendanceEntryRoute from './attendance-entry-route.tsx';
import { RESTORED, SUBMITTED } from './components/entry-form.tsx';
import { SERVER_SAVE_DELAY_MS } from './model/use-draft-autosave.ts';
import { attendanceDetails } from '../view/test-details.ts';
import { aprilMonth } from './testing/month-fixture.ts';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const APRIL = { year: 2025, month: 4 };

beforeEach(() => {
  notify.toastSuccess.mockReset();
  notify.toastError.mockReset();
});

function serve(month: TAttendanceMonth, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    ...reply(attendance.month, APRIL, { body: month }),
    ...reply(attendance.saveDraft, APRIL, { body: { ...month, saved_at: '2025-04-30T09:00:00Z' } }),
    ...extra,
  });
}

async function openApril(month = aprilMonth(), extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetched = serve(month, extra);
  const view = renderWithRouter(<AttendanceEntryRoute />, {
    path: '/task/workflows/2/create?month=2025-04',
    routes: [{ path: '/task/tasks/unresolved/:id', element: <p>submitted</p> }],
  });
  await screen.findByRole('table', { name: '社内勤怠の日別入力' });
  return { ...fetched, ...view };
}

const row = (day: number) =>
  screen.getAllByTestId('attendance-day').find((r) => r.getAttribute('data-day') === String(day))!;
const cell = (day: number, label: '区分' | '開始' | '終了') =>
  within(row(day)).getByLabelText(`${day}日 ${label}`) as HTMLInputElement;
const figure = (day: number, name: string) =>
  row(day).querySelector(`[data-figure="${name}"]`)?.textContent ?? '';
const summary = (key: string) => screen.getByTestId(`summary-${key}`).textContent;

describe('attendance entry grid', () => {
  it('locks weekday holidays as 休日 and leaves weekends free', async () => {
    await openApril();
    // 04-29 (昭和の日, a Tuesday) becomes 10 休日 and is locked.
    expect(cell(29, '区分')).toHaveValue('10');
    expect(cell(29, '区分')).toBeDisabled();
    expect(row(29)).toHaveAttribute('data-locked', 'true');
    // Saturday the 5th is shaded, not locked: holiday work can be entered.
    expect(row(5)).toHaveAttribute('data-weekend', 'true');
    expect(cell(5, '区分')).toBeEnabled();
  });

  it('clears and locks the days after the contract end', async () => {
    const month = aprilMonth({ contract: { ...aprilMonth().contract, end_date: '2025-04-25' } });
    await openApril({
      ...month,
      first: {
        ...month.first,
        days: month.first.days.map((day, i) =>
          i === 25 ? { ...day, type: '01', start: '09:00', end: '18:00' } : day,
        ),
      },
    });
    expect(cell(26, '区分')).toHaveValue('');
    expect(cell(26, '区分')).toBeDisabled();
    expect(cell(26, '開始')).toHaveValue('');
    expect(row(26)).toHaveAttribute('data-locked', 'true');
    expect(cell(25, '区分')).toBeEnabled();
  });

  it('fills the contract hours for 出勤, and clears and locks the times for 休日', async () => {
    const user = userEvent.setup();
    await openApril();
    expect(cell(1, '開始')).toBeDisabled();
    await user.selectOptions(cell(1, '区分'), '01');
    expect(cell(1, '開始')).toHaveValue('09:00');
    expect(cell(1, '終了')).toHaveValue('18:00');
    expect(figure(1, 'total_time')).toBe('8:00');
    await user.selectOptions(cell(1, '区分'), '10');
    expect(cell(1, '開始')).toHaveValue('');
    expect(cell(1, '開始')).toBeDisabled();
  });

  it('rounds times on blur: starts up, ends down, to 15 minutes', async () => {
    const user = userEvent.setup();
    await openApril();
    await user.selectOptions(cell(2, '区分'), '01');
    await user.clear(cell(2, '開始'));
    await user.type(cell(2, '開始'), '9:05');
    expect(cell(2, '開始')).toHaveValue('9:05');
    await user.clear(cell(2, '終了'));
    await user.type(cell(2, '終了'), '1829');
    await user.tab();
    expect(cell(2, '開始')).toHaveValue('09:15');
    expect(cell(2, '終了')).toHaveValue('18:15');
  });

  it('updates the day and the month totals while a time is typed', async () => {
    const user = userEvent.setup();
    await openApril();
    await user.selectOptions(cell(1, '区分'), '01');
    expect(summary('over_time')).toBe('0:00');
    await user.clear(cell(1, '終了'));
    await user.type(cell(1, '終了'), '23:00');
    // No blur yet: the figures follow the keystrokes.
    expect(figure(1, 'night_over')).toBe('1:00');
    expect(summary('over_time')).toBe('4:00');
    expect(summary('night_over_time')).toBe('1:00');
    expect(summary('total_work_time')).toBe('13:00');
    expect(summary('attendance_days')).toBe('1 / 21 日');
  });

  it("names a day's problem once the row is left", async () => {
    const user = userEvent.setup();
    await openApril();
    await user.selectOptions(cell(3, '区分'), '01');
    await user.clear(cell(3, '終了'));
    await user.type(cell(3, '終了'), '25:00');
    expect(screen.queryByTestId('attendance-day-error')).toBeNull();
    await user.click(document.body);
    expect(await screen.findByTestId('attendance-day-error')).toHaveTextContent(
      ATTENDANCE_DAY_ERROR_MESSAGES.E_RANGE,
    );
    expect(summary('attendance_days')).toBe('0 / 21 日');
  });

  it('fills business weekdays with 出勤 when default input is ticked', async () => {
    const user = userEvent.setup();
    await openApril();
    await user.click(screen.getByRole('checkbox', { name: 'デフォルト勤怠入力' }));
    expect(cell(1, '区分')).toHaveValue('01');
    expect(cell(5, '区分')).toHaveValue(''); // Saturday
    expect(cell(29, '区分')).toHaveValue('10'); // 昭和の日 stays a holiday
    expect(summary('attendance_days')).toBe('21 / 21 日');
    expect(summary('total_work_time')).toBe('168:00');
  });

  it('offers no 有給 on the on-site tab', async () => {
    const user = userEvent.setup();
    await openApril();
    expect(within(cell(1, '区分')).queryByRole('option', { name: '有給' })).not.toBeNull();
    await user.click(screen.getByRole('tab', { name: '現場勤怠' }));
    await screen.findByRole('table', { name: '現場勤怠の日別入力' });
    expect(within(cell(1, '区分')).queryByRole('option', { name: '有給' })).toBeNull();
    expect(cell(1, '区分')).toHaveAttribute('name', 'type_1_2');
  });
});

describe('attendance entry form', () => {
  it('saves the draft, and keeps what the server refused in the browser across a reload', async () => {
    const user = userEvent.setup();
    const message = '終了時刻は開始時刻より後にしてください。';
    const refusal = { 'first.days.4.end': [message] };
    const { requests, unmount } = await openApril(aprilMonth(), {
      ...reply(attendance.saveDraft, APRIL, { status: 400, body: refusal }),
    });
    await user.selectOptions(cell(4, '区分'), '01');
    await user.click(screen.getByRole('button', { name: '一時保存' }));
    // The refusal is the row's one message, and the cell it names is marked and described by it.
    const shown = await screen.findByText(`4日：${message}`);
    expect(cell(4, '終了')).toHaveAttribute('aria-invalid', 'true');
    expect(cell(4, '終了')).toHaveAttribute('aria-describedby', shown.id);
    const put = requests.find((r) => r.method === 'PUT') as RecordedRequest;
    expect((put.body as { first: { days: { type: string }[] } }).first.days[3]?.type).toBe('01');
    unmount();

    // The server still has no draft (it refused every save); the browser's copy comes back.
    await openApril(aprilMonth(), { ...reply(attendance.saveDraft, APRIL, { status: 400, body: refusal }) });
    expect(screen.getByText(RESTORED)).toBeInTheDocument();
    expect(cell(4, '区分')).toHaveValue('01');
  });

  it('reaches the timesheet through its visible button only: the hidden file input is no Tab stop', async () => {
    const user = userEvent.setup();
    await openApril();
    const input = document.querySelector('input[name="work_time_file"]') as HTMLInputElement;
    const button = within(screen.getByTestId('attendance-timesheet-input')).getByRole('button', {
      name: 'ファイルを選択',
    });
    button.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).not.toBe(input);
    expect(document.activeElement).not.toBe(document.body);
    await user.tab();
    expect(button).toHaveFocus();
  });

  it('refuses a timesheet over 2 MB with the spec message', async () => {
    await openApril();
    const input = document.querySelector('input[name="work_time_file"]') as HTMLInputElement;
    const big = new File(['x'], 'sheet.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(
      await screen.findByText(FIELD_MSG.fileTooLarge('タイムシート', MAX_UPLOAD_KB)),
    ).toBeInTheDocument();
  });

  it('submits after confirmation with the days, the remark and the timesheet', async () => {
    const user = userEvent.setup();
    const { requests, router } = await openApril(aprilMonth(), {
      ...reply(tasks.submit, { id: 2 }, { status: 201, body: task({ id: 77 }) }),
    });
    await user.selectOptions(cell(1, '区分'), '01');
    await user.type(screen.getByRole('textbox', { name: '備考' }), '現場対応あり');
    const input = document.querySelector('input[name="work_time_file"]') as HTMLInputElement;
    await user.upload(input, new File(['a,b'], '勤務表.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('timesheet-name')).toHaveTextContent('勤務表.csv'));
    await user.click(screen.getByRole('button', { name: '申請' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(CONFIRM.createTask);
    await act(async () => {
      await user.click(within(dialog).getByTestId('confirm-ok'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/unresolved/77'));
    const post = requests.find((r) => r.method === 'POST') as RecordedRequest;
    const body = post.body as Record<string, unknown> & { first: { days: { type: string }[] } };
    expect(body.year).toBe(2025);
    expect(body.month).toBe(4);
    expect(body.remark).toBe('現場対応あり');
    expect(body.first.days[0]?.type).toBe('01');
    expect(String(body.work_time_file)).toMatch(/^name:[A-Za-z0-9+/=]+;[A-Za-z0-9+/=]+$/);
    expect(notify.toastSuccess).toHaveBeenCalledWith(SUBMITTED);
  });

  it('resubmits a report that was sent back, opened from its task with ?resubmit=', async () => {
    const user = userEvent.setup();
    const { requests, router } = (() => {
      const fetched = serve(aprilMonth({ status: '02', status_name: '差戻し', task_id: 9 }), {
        ...reply(attendance.details, { id: 9 }, { body: attendanceDetails({ task_id: 9 }) }),
        ...reply(tasks.resubmit, { id: 9 }, { body: task({ id: 9 }) }),
      });
      const view = renderWithRouter(<AttendanceEntryRoute />, {
        path: '/task/workflows/2/create?resubmit=9',
        routes: [{ path: '/task/tasks/unresolved/:id', element: <p>submitted</p> }],
      });
      return { ...fetched, ...view };
    })();
    await screen.findByRole('table', { name: '社内勤怠の日別入力' });
    expect(router.state.location.search).toBe('?month=2025-04');
    await user.click(screen.getByRole('button', { name: '再申請' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/unresolved/9'));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/task/tasks/9/resubmit/')).toBe(true);
  });

  it('shows a submitted month read-only', async () => {
    await openApril(aprilMonth({ status: '01', status_name: '申請中', editable: false, task_id: 9 }));
    expect(screen.getByTestId('attendance-status')).toHaveTextContent('申請中');
    expect(cell(1, '区分')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '申請' })).toBeNull();
  });
});

describe('issue 12: a day row names its problem once, and the draft never races the submission', () => {
  const rowMessages = () => screen.queryAllByTestId('attendance-day-error');

  it('names an impossible time as soon as its cell is left, once, and drops it when mended', async () => {
    const user = userEvent.setup();
    const rangeMessage = ATTENDANCE_DAY_ERROR_MESSAGES.E_RANGE;
    await openApril(aprilMonth(), {
      ...reply(tasks.submit, { id: 2 }, { status: 400, body: { 'first.days.7.start': [rangeMessage] } }),
    });
    await user.selectOptions(cell(7, '区分'), '01');
    await user.clear(cell(7, '開始'));
    await user.type(cell(7, '開始'), '25:99');
    expect(rowMessages()).toHaveLength(0); // not while it is typed
    await user.tab(); // on to the end time: still in the row
    const [message] = rowMessages();
    expect(rowMessages()).toHaveLength(1);
    expect(message).toHaveAttribute('data-day', '7');
    expect(message).toHaveTextContent(`7日：${rangeMessage}`);
    expect(cell(7, '開始')).toHaveAttribute('aria-invalid', 'true');
    expect(cell(7, '開始').getAttribute('aria-describedby')).toBe(within(message!).getByRole('alert').id);

    // The server says the same on 申請: still one message on the row, not a second one under the cell.
    await user.click(screen.getByRole('button', { name: '申請' }));
    await act(async () => {
      await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    });
    await screen.findByTestId('attendance-form-error');
    expect(rowMessages()).toHaveLength(1);
    expect(screen.getAllByText(new RegExp(rangeMessage))).toHaveLength(1);

    // Mended: the message goes at once, without leaving the cell.
    await user.clear(cell(7, '開始'));
    await user.type(cell(7, '開始'), '09:00');
    expect(rowMessages()).toHaveLength(0);
    expect(cell(7, '開始')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses an end before the start on its row: no overnight shift is counted (spec §4.4)', async () => {
    const user = userEvent.setup();
    await openApril();
    await user.selectOptions(cell(8, '区分'), '01');
    await user.clear(cell(8, '開始'));
    await user.type(cell(8, '開始'), '22:00');
    await user.clear(cell(8, '終了'));
    await user.type(cell(8, '終了'), '02:00');
    await user.tab();
    expect(rowMessages()).toHaveLength(1);
    expect(rowMessages()[0]).toHaveTextContent(ATTENDANCE_DAY_ERROR_MESSAGES.E_END_BEFORE_START);
    expect(cell(8, '終了')).toHaveAttribute('aria-invalid', 'true');
    expect(figure(8, 'total_time')).toBe('');
    expect(summary('night_over_time')).toBe('0:00');
    expect(summary('attendance_days')).toBe('0 / 21 日');
  });

  it('shows the break rule the API checks as the break is typed', async () => {
    const user = userEvent.setup();
    await openApril();
    const settings = screen.getByTestId('attendance-settings-first');
    await user.click(within(settings).getByText('勤務時間の設定'));
    await user.type(within(settings).getByLabelText('休憩1 開始'), '15:15');
    await user.type(within(settings).getByLabelText('休憩1 終了'), '15:00');
    expect(within(settings).getByText(ATTENDANCE_MSG.breakOrder)).toBeInTheDocument();
    expect(within(settings).getByLabelText('休憩1 終了')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(settings).getByLabelText('休憩1 終了'));
    await user.type(within(settings).getByLabelText('休憩1 終了'), '15:30');
    expect(within(settings).queryByText(ATTENDANCE_MSG.breakOrder)).toBeNull();
  });

  it('shows each day’s computed hours on a line of their own, for the phone layout', async () => {
    const user = userEvent.setup();
    await openApril();
    expect(screen.queryAllByTestId('attendance-day-summary')).toHaveLength(0);
    await user.selectOptions(cell(1, '区分'), '01');
    await user.clear(cell(1, '終了'));
    await user.type(cell(1, '終了'), '23:00');
    const line = screen.getAllByTestId('attendance-day-summary').find((r) => r.dataset.day === '1')!;
    expect(line).toHaveTextContent('基本 8:00');
    expect(line).toHaveTextContent('早出・残業 4:00');
    expect(line).toHaveTextContent('深夜 1:00');
    expect(line).toHaveTextContent('合計 13:00');
  });

  /** Holds the answers of one method until released, logging when each call starts and ends. */
  function gate(method: 'PUT' | 'POST', log: string[]) {
    const inner = globalThis.fetch;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const verb = (init.method ?? 'GET').toUpperCase();
      if (verb !== 'PUT' && verb !== 'POST') return inner(input, init);
      log.push(`${verb} start`);
      if (verb === method) await held;
      const response = await inner(input, init);
      log.push(`${verb} end`);
      return response;
    });
    return () => release();
  }

  it('lets a running draft save finish before the submission is sent', async () => {
    const user = userEvent.setup();
    const log: string[] = [];
    const { router } = await openApril(aprilMonth(), {
      ...reply(tasks.submit, { id: 2 }, { status: 201, body: task({ id: 77 }) }),
    });
    const releasePut = gate('PUT', log);
    await user.selectOptions(cell(1, '区分'), '01');
    await user.click(screen.getByRole('button', { name: '一時保存' }));
    await waitFor(() => expect(log).toEqual(['PUT start']));
    await user.click(screen.getByRole('button', { name: '申請' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    expect(log).toEqual(['PUT start']); // the submission waits for the save
    await act(async () => releasePut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/unresolved/77'));
    expect(log).toEqual(['PUT start', 'PUT end', 'POST start', 'POST end']);
  });

  it('starts no draft save while the submission is under way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const log: string[] = [];
      const { router } = await openApril(aprilMonth(), {
        ...reply(tasks.submit, { id: 2 }, { status: 201, body: task({ id: 78 }) }),
      });
      const releasePost = gate('POST', log);
      await user.selectOptions(cell(1, '区分'), '01'); // an edit: a save is due in 2.5 s
      await user.click(screen.getByRole('button', { name: '申請' }));
      await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
      await waitFor(() => expect(log).toEqual(['POST start']));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SERVER_SAVE_DELAY_MS * 2);
      });
      expect(log).toEqual(['POST start']);
      await act(async () => releasePost());
      await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/unresolved/78'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SERVER_SAVE_DELAY_MS * 2);
      });
      expect(log).toEqual(['POST start', 'POST end']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('issue 12: the server’s month wins over the draft', () => {
  it('stops autosaving once the server says the month was submitted elsewhere (409)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { requests } = await openApril(aprilMonth(), {
        ...reply(attendance.saveDraft, APRIL, {
          status: 409,
          body: { detail: '申請済みの月は変更できません。', code: 'conflict' },
        }),
      });
      await user.selectOptions(cell(1, '区分'), '01');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SERVER_SAVE_DELAY_MS + 100);
      });
      await waitFor(() =>
        expect(screen.getByTestId('draft-status')).toHaveAttribute('data-status', 'closed'),
      );
      const puts = () => requests.filter((r) => r.method === 'PUT').length;
      expect(puts()).toBe(1);
      await user.selectOptions(cell(2, '区分'), '01');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SERVER_SAVE_DELAY_MS * 2);
      });
      expect(puts()).toBe(1);
      expect(screen.getByTestId('draft-status')).toHaveTextContent('この月は既に申請されています');
    } finally {
      vi.useRealTimers();
    }
  });
});
