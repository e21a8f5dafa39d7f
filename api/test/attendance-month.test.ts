// My month: defaults from the contract and calendar, draft saves that the server recomputes, field
// errors naming the day with the draft left intact, and submission as a 勤怠報告 (one a month).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_DAY_ERROR_MESSAGES } from '@portal/shared/attendance/errors';
import { computeAttendanceTabs } from '@portal/shared/attendance/merge';
import { ZAttendanceMonth } from '@portal/shared/contracts/attendance';
import { ZTask } from '@portal/shared/contracts/tasks';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';
import {
  ATTENDANCE_WORKFLOW_ID,
  getMonth,
  setDay,
  upload,
  withDefaultInput,
} from './support/attendance-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

async function save(username: string, year: number, month: number, body: unknown) {
  return request(t.app)
    .put(`/api/attendance/year/${year}/month/${month}/`)
    .set(await as(username))
    .send(body as object);
}

describe('my month before anything is saved', () => {
  it('answers defaults from the contract and the calendar', async () => {
    const month = await getMonth(t, as, 'yamada', 2025, 4);
    expect(month).toMatchObject({ status: 'none', editable: true, task_id: null, saved_at: null });
    expect(month.workflow_id).toBe(ATTENDANCE_WORKFLOW_ID);
    expect(month.first.days).toHaveLength(30);
    expect(month.first.settings).toMatchObject({ work_start_time: '09:00', work_end_time: '18:00' });
    // 2025-04-29 昭和の日 is a weekday holiday: 10 and locked in both tabs.
    expect(month.first.days[28]).toEqual({ type: '10', start: '', end: '', locked: true });
    expect(month.second.days[28]).toEqual({ type: '10', start: '', end: '', locked: true });
    expect(month.business_days).toHaveLength(21);
    expect(month.calendar['2025-04-06']).toBe('legal');
    expect(month.result.merged.totals.basic_attendance_day).toBe(21);
  });

  it('is 404 for a month that does not exist', async () => {
    for (const path of ['2025/month/13', '25/month/4', 'abcd/month/4', '2025/month/x']) {
      const res = await request(t.app)
        .get(`/api/attendance/year/${path}/`)
        .set(await as('yamada'));
      expect(res.status, path).toBe(404);
    }
  });

  it('is 404 for a user without an employee record', async () => {
    const res = await request(t.app)
      .get('/api/attendance/year/2025/month/4/')
      .set(await as('admin'));
    expect(res.status).toBe(404);
  });
});

describe('saving the draft', () => {
  it('recomputes every figure and ignores the figures the client sent', async () => {
    const month = await getMonth(t, as, 'yamada', 2025, 4);
    const body = withDefaultInput(month);
    setDay(body, 'first', 7, { start: '09:00', end: '23:00' }); // overtime past 22:00
    const res = await save('yamada', 2025, 4, {
      ...body,
      result: { merged: { totals: { total_work_time: 999_999 } } },
      totals: { over_time: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = ZAttendanceMonth.parse(res.body);
    const expected = computeAttendanceTabs({
      year: 2025,
      month: 4,
      calendar: month.calendar,
      first: { settings: body.first.settings, days: saved.first.days },
      second: { settings: body.second.settings, days: saved.second.days },
    });
    expect(saved.result).toEqual(expected);
    expect(saved.result.first.totals.over_time).toBe(240); // 18:00–22:00
    expect(saved.result.first.totals.night_over_time).toBe(60); // 22:00–23:00
    expect(saved).toMatchObject({ status: 'draft', default_input: true });

    const reloaded = await getMonth(t, as, 'yamada', 2025, 4);
    expect(reloaded.first.days).toEqual(saved.first.days);
    expect(reloaded.result).toEqual(expected);
  });

  it('refuses a month with an invalid day, naming the day, and keeps the saved draft', async () => {
    const before = await getMonth(t, as, 'yamada', 2025, 4);
    const body = withDefaultInput(before);
    setDay(body, 'first', 12 - 10, { type: '01', start: '09:00', end: '09:10' }); // 2 April: rounds to nothing
    setDay(body, 'first', 14, { type: '01', start: '25:00', end: '18:00' });
    setDay(body, 'second', 15, { type: '05', start: '09:00', end: '18:00' }); // holiday work on a work day
    const res = await save('yamada', 2025, 4, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'first.days.2.end': [expect.any(String)],
      'first.days.14.start': [expect.any(String)],
      'second.days.15.type': [expect.any(String)],
    });
    expectJapaneseError(res.body);
    const after = await getMonth(t, as, 'yamada', 2025, 4);
    expect(after.first.days).toEqual(before.first.days);
    expect(after.saved_at).toBe(before.saved_at);
  });

  it('refuses an end before the start on its day instead of reading it as overnight (spec §4.4)', async () => {
    const before = await getMonth(t, as, 'yamada', 2025, 4);
    const body = setDay(withDefaultInput(before), 'first', 8, { type: '01', start: '22:00', end: '02:00' });
    const res = await save('yamada', 2025, 4, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'first.days.8.end': [ATTENDANCE_DAY_ERROR_MESSAGES.E_END_BEFORE_START],
    });
    const after = await getMonth(t, as, 'yamada', 2025, 4);
    expect(after.saved_at).toBe(before.saved_at);
  });

  it('refuses the wrong number of days, paid leave in the on-site tab, bad settings and bad shapes', async () => {
    const month = await getMonth(t, as, 'yamada', 2025, 4);
    const short = withDefaultInput(month);
    short.first.days = short.first.days.slice(0, 29);
    let res = await save('yamada', 2025, 4, short);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ 'first.days': [ATTENDANCE_MSG.dayCount(30)] });

    const paid = setDay(withDefaultInput(month), 'second', 8, { type: '03', start: '', end: '' });
    res = await save('yamada', 2025, 4, paid);
    expect(res.status).toBe(400);
    expect(res.body['second.days.8.type']).toEqual([ATTENDANCE_MSG.typeNotSelectable]);

    const badSettings = withDefaultInput(month);
    badSettings.first.settings = { ...badSettings.first.settings, work_start_time: '9時' };
    res = await save('yamada', 2025, 4, badSettings);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['first.settings.work_start_time']);

    const wrongShape = withDefaultInput(month);
    (wrongShape.first.days as unknown[])[4] = { type: 1 };
    res = await save('yamada', 2025, 4, wrongShape);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).every((k) => k.startsWith('first.days.5.'))).toBe(true);
  });
});

describe('submitting the month', () => {
  it('creates one 勤怠報告 a month; a second is refused and the draft can no longer change', async () => {
    const month = await getMonth(t, as, 'yamada', 2025, 5);
    const body = { ...withDefaultInput(month), year: 2025, month: 5, remark: '5月分です。' };
    const timesheet = upload('タイムシート.xlsx', Buffer.from('timesheet'));
    let res = await request(t.app)
      .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
      .set(await as('yamada'))
      .send({ ...body, work_time_file: timesheet });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const task = ZTask.parse(res.body);
    expect(task).toMatchObject({ status: '01', workflow_kind: 'attendance' });

    const submitted = await getMonth(t, as, 'yamada', 2025, 5);
    expect(submitted).toMatchObject({
      status: '01',
      task_id: task.id,
      editable: false,
      remark: '5月分です。',
    });
    expect(submitted.attachment).toMatchObject({ name: 'タイムシート.xlsx', size: 9 });

    res = await request(t.app)
      .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
      .set(await as('yamada'))
      .send(body);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(ATTENDANCE_MSG.alreadySubmitted);

    res = await save('yamada', 2025, 5, withDefaultInput(month));
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(ATTENDANCE_MSG.notEditable);
  });

  it('checks the timesheet: the upload form and the 2 MB limit', async () => {
    const month = await getMonth(t, as, 'suzuki', 2025, 5);
    const body = { ...withDefaultInput(month), year: 2025, month: 5 };
    let res = await request(t.app)
      .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
      .set(await as('suzuki'))
      .send({ ...body, work_time_file: upload('big.pdf', Buffer.alloc(2_097_153)) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ work_time_file: ['タイムシート のサイズは 2048KB 以下にしてください。'] });

    res = await request(t.app)
      .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
      .set(await as('suzuki'))
      .send({ ...body, work_time_file: 'not an upload' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['work_time_file']);

    res = await request(t.app)
      .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
      .set(await as('suzuki'))
      .send({ ...body, work_time_file: upload('ok.pdf', Buffer.alloc(2_097_152)) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
  });

  it('refuses a submission with an invalid day, naming it, and saves nothing', async () => {
    const month = await getMonth(t, as, 'sato', 2025, 5);
    const body = setDay({ ...withDefaultInput(month), year: 2025, month: 5 }, 'first', 9, { end: '8:61' });
    const res = await request(t.app)
      .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
      .set(await as('sato'))
      .send(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['first.days.9.end']);
    expect((await getMonth(t, as, 'sato', 2025, 5)).status).toBe('none');
  });
});
