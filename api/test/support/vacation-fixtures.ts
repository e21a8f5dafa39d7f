// A vacation workflow (the fields of VACATION_FIELDS, one 課長 node) and an employee with a known
// paid-leave grant, for the vacation tests.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { employees } from '../../src/db/schema/employees.ts';
import { paidLeaveGrants } from '../../src/db/schema/vacations.ts';
import type { TestContext } from './test-context.ts';
import { createWorkflow, userId, type As } from './workflow-fixtures.ts';

export const VACATION_FIELDS = [
  { name: 'category', label: '休暇種別', dataType: 'choice' as const, choices: ['01', '02'], required: true },
  { name: 'start_date', label: '開始日', dataType: 'date' as const, required: true },
  { name: 'end_date', label: '終了日', dataType: 'date' as const, required: true },
  { name: 'is_start_half', label: '午後から', dataType: 'boolean' as const },
  { name: 'is_end_half', label: '午前まで', dataType: 'boolean' as const },
];

export function createVacationWorkflow(t: TestContext): Promise<number> {
  return createWorkflow(t, {
    name: '休暇申請',
    kind: 'vacation',
    fields: VACATION_FIELDS,
    nodes: [{ order: 1, dispatch: '02' }],
  });
}

/** Grants `days` of paid leave valid for as long as any test runs; answers the employee id. */
export async function grantPaidLeave(t: TestContext, username: string, days: number): Promise<number> {
  const [employee] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, await userId(t, username)));
  await t.db
    .insert(paidLeaveGrants)
    .values({ employeeId: employee!.id, grantedOn: '2000-04-01', expiresOn: '2999-04-01', days });
  return employee!.id;
}

/** Paid leave (category 01) unless another category is given. */
export function leave(start: string, end: string, category = '01') {
  return { category, start_date: start, end_date: end };
}

export async function requestLeave(
  t: TestContext,
  as: As,
  username: string,
  workflowId: number,
  body: ReturnType<typeof leave>,
) {
  return request(t.app)
    .post(`/api/task/workflows/${workflowId}/form/`)
    .set(await as(username))
    .send(body);
}
