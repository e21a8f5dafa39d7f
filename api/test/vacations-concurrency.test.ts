// Simultaneous vacation requests of one employee are checked one after the other (the employee's row
// lock in the submitting transaction): together they never overdraw the paid leave nor overlap.
// Also run on PostgreSQL (vitest.pg.config.ts), where the requests really run in parallel.
import { and, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { tasks } from '../src/db/schema/tasks.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { createVacationWorkflow, grantPaidLeave, leave, requestLeave } from './support/vacation-fixtures.ts';
import { tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let workflowId: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  workflowId = await createVacationWorkflow(t);
});
afterAll(() => t?.close());

async function openRequestsOf(username: string) {
  return t.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.applicantId, await userId(t, username)),
        eq(tasks.workflowId, workflowId),
        inArray(tasks.status, ['01', '02']),
      ),
    );
}

describe('simultaneous vacation requests', () => {
  it('grants only the requests the paid leave covers; the rest get 400 with the balance', async () => {
    await grantPaidLeave(t, 'ishikawa', 3);
    await as('ishikawa');
    // Eight single working days (June 2030 has no national holiday), three days of leave.
    const days = ['03', '04', '05', '06', '07', '10', '11', '12'].map((d) => `2030-06-${d}`);
    const responses = await Promise.all(
      days.map((day) => requestLeave(t, as, 'ishikawa', workflowId, leave(day, day))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    for (const refused of responses.filter((r) => r.status === 400))
      expect(refused.body).toEqual({ non_field_errors: [WORKFLOW_MSG.paidLeaveShort(0, 1)] });
    expect(await openRequestsOf('ishikawa')).toHaveLength(3);
    const balance = await request(t.app)
      .get('/api/paid-vacation/status/')
      .set(await as('ishikawa'));
    expect(balance.body).toMatchObject({ granted: 3, used: 0, pending: 3, remaining: 0 });
  });

  it('lets exactly one of several requests for the same days through; the others overlap it', async () => {
    await as('yamashita');
    // 02 (special leave) has no balance: only the overlap check stands between them.
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        requestLeave(t, as, 'yamashita', workflowId, leave('2030-10-07', '2030-10-08', '02')),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    for (const refused of responses.filter((r) => r.status === 400))
      expect(refused.body).toEqual({
        non_field_errors: [WORKFLOW_MSG.vacationOverlap('2030-10-07', '2030-10-08')],
      });
    expect(await openRequestsOf('yamashita')).toHaveLength(1);
  });
});
