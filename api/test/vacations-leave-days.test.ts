// Leave days are the company's working days: Japan's national holidays and the company calendar's
// days off are not counted, on submit (balance), in the leave history and when a request is undone.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { companyDaysOff } from '../src/db/schema/calendar.ts';
import { vacations } from '../src/db/schema/vacations.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { createVacationWorkflow, grantPaidLeave, leave, requestLeave } from './support/vacation-fixtures.ts';
import { act, awaiting, submit, tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let workflowId: number;
/** The approved 敬老の日 week, undone at the end. */
let septemberTask: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  workflowId = await createVacationWorkflow(t);
  await grantPaidLeave(t, 'abe', 10);
  // 年末年始: the company's own days off.
  await t.db.insert(companyDaysOff).values([
    { date: '2030-12-30', name: '年末年始' },
    { date: '2030-12-31', name: '年末年始' },
  ]);
});
afterAll(() => t?.close());

async function balance() {
  const res = await request(t.app)
    .get('/api/paid-vacation/status/')
    .set(await as('abe'));
  expect(res.status).toBe(200);
  return res.body as { granted: number; used: number; pending: number; remaining: number };
}

/** abe's request, approved by his 課長 (tanaka). */
async function approvedLeave(start: string, end: string): Promise<number> {
  const created = await submit(t, as, 'abe', workflowId, leave(start, end));
  const node = await awaiting(t, as, created.id, 'abe');
  expect((await act(t, as, 'tanaka', created.id, node.id)).status).toBe(200);
  return created.id;
}

async function historyDays(taskId: number): Promise<number | undefined> {
  const [row] = await t.db.select().from(vacations).where(eq(vacations.taskId, taskId));
  return row?.days;
}

describe('leave days on the company calendar', () => {
  it('counts a week spanning a national holiday one day less, in the history and the balance', async () => {
    // Monday 16 September 2030 is 敬老の日: Monday to Friday is four days of leave.
    septemberTask = await approvedLeave('2030-09-16', '2030-09-20');
    expect(await historyDays(septemberTask)).toBe(4);
    expect(await balance()).toMatchObject({ granted: 10, used: 4, pending: 0, remaining: 6 });
  });

  it("skips the company's days off and New Year's Day", async () => {
    // Friday 27 December 2030 to Thursday 2 January 2031: 30 and 31 December are company days off,
    // 1 January is 元日, the 28th and 29th a weekend: two days.
    const created = await submit(t, as, 'abe', workflowId, leave('2030-12-27', '2031-01-02'));
    expect(await balance()).toMatchObject({ granted: 10, used: 4, pending: 2, remaining: 4 });
    const node = await awaiting(t, as, created.id, 'abe');
    expect((await act(t, as, 'tanaka', created.id, node.id)).status).toBe(200);
    expect(await historyDays(created.id)).toBe(2);
  });

  it('lets a holiday week fit a balance its weekdays alone would exceed', async () => {
    // 4 days left; 28 April – 2 May 2031 has five weekdays, but Tuesday the 29th is 昭和の日.
    const fits = await requestLeave(t, as, 'abe', workflowId, leave('2031-04-28', '2031-05-02'));
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(await balance()).toMatchObject({ granted: 10, used: 6, pending: 4, remaining: 0 });
    // Nothing is left: any further working day is refused with the counted days.
    const short = await requestLeave(t, as, 'abe', workflowId, leave('2031-05-08', '2031-05-08'));
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ non_field_errors: [WORKFLOW_MSG.paidLeaveShort(0, 1)] });
  });

  it('refuses a request made only of holidays: no working day to take', async () => {
    // Monday 4 November 2030 is a substitute holiday (文化の日 振替休日).
    const res = await requestLeave(t, as, 'abe', workflowId, leave('2030-11-04', '2030-11-04', '02'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: [WORKFLOW_MSG.vacationNoDays] });
    const days = await requestLeave(t, as, 'abe', workflowId, leave('2030-12-30', '2030-12-31', '02'));
    expect(days.body).toEqual({ non_field_errors: [WORKFLOW_MSG.vacationNoDays] });
  });

  it('gives the counted days back when an approved vacation is undone', async () => {
    const res = await request(t.app)
      .post('/api/task/tasks/undo/vacation/')
      .set(await as('abe'))
      .send({ task_id: septemberTask });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await historyDays(septemberTask)).toBeUndefined();
    expect(await balance()).toMatchObject({ granted: 10, used: 2, pending: 4, remaining: 4 });
  });
});
