// Issue 34, leavers: deactivating an approver with a step waiting moves it to the head above, who gets
// the bell and the card; the leaver's proxies end; their own open request is cancelled with HR's
// reason when that is chosen; the 退職日 is kept.
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../src/dates.ts';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { taskAwaiting, taskEvents, tasks } from '../src/db/schema/tasks.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { createWorkflow, nodesOf, submit, tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

async function employeeIdOf(username: string): Promise<number> {
  const [row] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!.id;
}

const dayFrom = (days: number) => tokyoDate(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

describe('deactivating an approver who leaves', () => {
  it('refuses 取消 without a reason, in Japanese, and changes nothing', async () => {
    const res = await request(t.app)
      .post(`/api/admin/people/${await employeeIdOf('suzuki')}/deactivate/`)
      .set(await as('admin'))
      .send({ confirm: true, open_requests: 'cancel' });
    expect(res.status).toBe(400);
    expectJapaneseError(res.body);
    expect(JSON.stringify(res.body)).toContain('取消理由');
    const [suzuki] = await t.db
      .select({ active: users.isActive })
      .from(users)
      .where(eq(users.username, 'suzuki'));
    expect(suzuki!.active).toBe(true);
  });

  it('moves the waiting step to the head above, ends the proxies, cancels their own request', async () => {
    const workflowId = await createWorkflow(t, {
      name: '退職テスト申請',
      nodes: [{ order: 1, dispatch: '02', name: '上長承認' }],
    });
    const suzuki = await userId(t, 'suzuki');
    const sato = await userId(t, 'sato');
    const mori = await userId(t, 'mori');
    const yamadaRequest = await submit(t, as, 'yamada', workflowId);
    const [node] = await nodesOf(t, as, 'yamada', yamadaRequest.id);
    expect(node!.approvers.map((a) => a.id)).toEqual([suzuki]);
    const named = await createWorkflow(t, {
      name: '退職テスト経費',
      nodes: [{ order: 1, name: '経理承認', approvers: ['takahashi'] }],
    });
    const suzukiRequest = await submit(t, as, 'suzuki', named);
    expect(suzukiRequest.status).toBe('01');
    const [current] = await t.db
      .insert(approvalProxies)
      .values({ principalId: suzuki, proxyId: mori, startDate: dayFrom(-3), endDate: dayFrom(30) })
      .returning({ id: approvalProxies.id });
    await t.db
      .insert(approvalProxies)
      .values({ principalId: mori, proxyId: suzuki, startDate: dayFrom(5), endDate: dayFrom(10) });

    const res = await request(t.app)
      .post(`/api/admin/people/${await employeeIdOf('suzuki')}/deactivate/`)
      .set(await as('admin'))
      .send({ confirm: true, left_on: '2026-11-30', open_requests: 'cancel', reason: '退職のため取消' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cancelled_requests).toEqual([suzukiRequest.id]);
    // Every step that waited on suzuki (the demo's too) moved to sato; none awaits suzuki now.
    expect(res.body.moved_steps).toContainEqual({
      task_id: yamadaRequest.id,
      task_node_id: node!.id,
      to_user_id: sato,
    });
    expect(res.body.moved_steps.every((m: { to_user_id: number }) => m.to_user_id === sato)).toBe(true);
    expect(await t.db.select().from(taskAwaiting).where(eq(taskAwaiting.userId, suzuki))).toEqual([]);
    expect(res.body.ended_proxies).toBe(2);

    // The step now awaits sato (部長, the head above 開発一課), and only him.
    const [after] = await nodesOf(t, as, 'yamada', yamadaRequest.id);
    expect(after!.approvers.map((a) => a.id)).toEqual([sato]);
    const awaiting = await t.db.select().from(taskAwaiting).where(eq(taskAwaiting.taskNodeId, node!.id));
    expect(awaiting.map((a) => a.userId)).toEqual([sato]);
    const bells = await t.db
      .select({ title: notifications.title, forward: notifications.forward })
      .from(notifications)
      .where(and(eq(notifications.userId, sato), eq(notifications.title, '承認依頼：退職テスト申請')));
    expect(bells).toHaveLength(1);
    expect(bells[0]!.forward).toContain(String(yamadaRequest.id));
    const cards = await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, 'cards.refresh'),
          sql`${outbox.payload}->>'task_id' = ${String(yamadaRequest.id)}`,
        ),
      );
    expect(cards).toEqual([{ payload: { task_id: yamadaRequest.id } }]);

    // Their own request: 取消 with the reason.
    const [own] = await t.db
      .select({ status: tasks.status })
      .from(tasks)
      .where(eq(tasks.id, suzukiRequest.id));
    expect(own!.status).toBe('99');
    const events = await t.db
      .select({ action: taskEvents.action, comment: taskEvents.comment })
      .from(taskEvents)
      .where(eq(taskEvents.taskId, suzukiRequest.id));
    expect(events.at(-1)).toEqual({ action: 'withdraw', comment: '退職のため取消' });

    // The proxies: the current one ends today, the one not begun is gone.
    const proxies = await t.db
      .select({ id: approvalProxies.id, end: approvalProxies.endDate })
      .from(approvalProxies)
      .where(sql`${approvalProxies.principalId} = ${suzuki} or ${approvalProxies.proxyId} = ${suzuki}`);
    expect(proxies).toEqual([{ id: current!.id, end: tokyoDate() }]);

    const [person] = await t.db
      .select({ leftOn: employees.leftOn })
      .from(employees)
      .where(eq(employees.id, await employeeIdOf('suzuki')));
    expect(person!.leftOn).toBe('2026-11-30');
  });

  it('leaves the open requests for HR when so chosen', async () => {
    const workflowId = await createWorkflow(t, {
      name: '退職テスト申請2',
      nodes: [{ order: 1, dispatch: '02', name: '上長承認' }],
    });
    const open = await submit(t, as, 'mori', workflowId);
    const res = await request(t.app)
      .post(`/api/admin/people/${await employeeIdOf('mori')}/deactivate/`)
      .set(await as('admin'))
      .send({ confirm: true, open_requests: 'keep' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cancelled_requests).toEqual([]);
    const [task] = await t.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, open.id));
    expect(task!.status).toBe('01');
  });
});
