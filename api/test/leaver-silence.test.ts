// Issue 34, leavers: once deactivated, a leaver gets no more bells, Lark cards or reminders, even
// from the open request HR left running: its approval tells the approvers, not the leaver; the
// attendance reminder and the payslip notices leave them out.
import { and, eq, gt, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { paymentSlips } from '../src/db/schema/slips.ts';
import { users } from '../src/db/schema/users.ts';
import { listEmployeesWithoutSubmittedMonth } from '../src/modules/attendance/attendance.repository.ts';
import { recipientsOf } from '../src/modules/slips/slip-notices.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import {
  act,
  awaiting,
  createWorkflow,
  submit,
  tokens,
  userId,
  type As,
} from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const outboxAfter = async (id: number) =>
  t.db.select({ topic: outbox.topic, payload: outbox.payload }).from(outbox).where(gt(outbox.id, id));

describe('a leaver', () => {
  it('gets no bell, card, push or reminder after leaving', async () => {
    const workflowId = await createWorkflow(t, {
      name: '退職後通知テスト',
      nodes: [
        { order: 1, dispatch: '02', name: '上長承認' },
        { order: 2, name: '人事確認', approvers: ['sato'] },
      ],
    });
    const yamada = await userId(t, 'yamada');
    const open = await submit(t, as, 'yamada', workflowId);
    const first = await awaiting(t, as, open.id, 'yamada');
    // Without the leaving, the applicant hears of each step: the control below shows it.
    const [employee] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, yamada));
    const [marks] = await rows<{ maxNotice: number; maxOutbox: number }>(
      sql`select (select coalesce(max(id), 0) from notifications)::int as "maxNotice",
                 (select coalesce(max(id), 0) from outbox)::int as "maxOutbox"`,
    );
    const { maxNotice, maxOutbox } = marks!;

    const res = await request(t.app)
      .post(`/api/admin/people/${employee!.id}/deactivate/`)
      .set(await as('admin'))
      .send({ confirm: true, left_on: '2026-11-30', open_requests: 'keep' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // HR left the request running: suzuki approves it, then sato, and it completes.
    expect((await act(t, as, 'suzuki', open.id, first.id)).status).toBe(200);
    const [second] = await rows<{ id: number }>(
      sql`select id from task_nodes where task_id = ${open.id} and status = '01'`,
    );
    expect(second).toBeDefined();
    expect((await act(t, as, 'sato', open.id, second!.id)).status).toBe(200);
    const [task] = await rows<{ status: string }>(sql`select status from tasks where id = ${open.id}`);
    expect(task!.status).toBe('90'); // 完了

    // No bell for yamada since he left; sato's bell for the step did go.
    const bells = await t.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(gt(notifications.id, maxNotice));
    expect(bells.filter((b) => b.userId === yamada)).toEqual([]);
    expect(bells.some((b) => b.title.includes('退職後通知テスト'))).toBe(true);

    // No outbox row (the bot's cards, Lark texts, pushes) names him.
    const sent = await outboxAfter(maxOutbox);
    expect(sent.length).toBeGreaterThan(0);
    const naming = sent.filter((r) => {
      const p = r.payload as { user_id?: number; notify?: { user_ids: number[] }[] };
      return p.user_id === yamada || (p.notify ?? []).some((n) => n.user_ids.includes(yamada));
    });
    expect(naming).toEqual([]);
    // …while the active users in the same lists stay there: sato's 承認依頼 reached the bot.
    const sato = await userId(t, 'sato');
    const notifies = sent.flatMap(
      (r) => (r.payload as { notify?: { user_ids: number[]; title: string }[] }).notify ?? [],
    );
    expect(notifies.filter((n) => n.user_ids.includes(sato)).map((n) => n.title)).toEqual([
      '承認依頼：退職後通知テスト',
    ]);

    // Reminders: the attendance reminder leaves him out, as do the payslip notices.
    const now = new Date();
    const remind = await listEmployeesWithoutSubmittedMonth(t.db, now.getFullYear(), now.getMonth() + 1);
    expect(remind.length).toBeGreaterThan(0);
    expect(remind.map((e) => e.userId)).not.toContain(yamada);
    const [slip] = await t.db
      .select({ uploadId: paymentSlips.uploadId })
      .from(paymentSlips)
      .where(and(eq(paymentSlips.employeeId, employee!.id), sql`${paymentSlips.uploadId} is not null`))
      .limit(1);
    expect(slip?.uploadId, 'the demo has an upload of yamada’s payslip').toBeTruthy();
    {
      const recipients = await recipientsOf(t.db, {
        id: slip!.uploadId!,
        kind: 'salary',
        year: 2026,
        month: 1,
      });
      expect(recipients.map((r) => r.userId)).not.toContain(yamada);
    }
    const [account] = await t.db.select({ active: users.isActive }).from(users).where(eq(users.id, yamada));
    expect(account!.active).toBe(false);
  });
});
