// What the bot's cards show about a task (ZBotTaskCard): the task as the screens read it, its fields
// in the compact form of spec §2.4, what its kind shows in their place (the kind's cardSections hook)
// and its fixed reject reasons, and each node with the people its card goes to — the approvers and
// whoever stands in for one of them today — with their Lark open_id, or the e-mail address to look it
// up by (lark-users.ts).
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { TBotTaskCard, TCardRecipient, TLabelled } from '@portal/shared/contracts/bot-jobs';
import type { TTaskFormField } from '@portal/shared/contracts/tasks';
import type { Db } from '../../db/client.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { tokyoDate } from '../../dates.ts';
import { NotFound } from '../../errors.ts';
import { userNames } from '../people/display-names.ts';
import { toTask, toTaskForm, toTaskNodes } from '../tasks/task-views.ts';
import { kindHooks } from '../tasks/workflow-kinds.ts';
import { larkReachOf, larkReachOfUser } from './lark-users.ts';

/** A field's value as text, as the read-only task view shows it. */
function display(field: TTaskFormField): string {
  if (field.data_type === 'file') return field.attachment_name ?? '';
  const { value } = field;
  if (value === null || value === '') return '';
  if (field.data_type === 'boolean') return value === true || value === 'true' ? 'はい' : 'いいえ';
  const text = (item: string | number) =>
    field.choices.find((choice) => choice.value === String(item))?.text ?? String(item);
  if (Array.isArray(value)) return value.map(text).join('、');
  return field.data_type === 'choice' ? text(value as string | number) : String(value);
}

/** Approvers of each node, and the proxies standing in for them today, with their open_ids. */
async function recipientsByNode(db: Db, nodeIds: readonly number[]): Promise<Map<number, TCardRecipient[]>> {
  const byNode = new Map<number, TCardRecipient[]>(nodeIds.map((id) => [id, []]));
  if (nodeIds.length === 0) return byNode;
  const links = await db
    .select()
    .from(taskNodeApprovers)
    .where(inArray(taskNodeApprovers.taskNodeId, [...nodeIds]));
  const approverIds = [...new Set(links.map((l) => l.userId))];
  const today = tokyoDate();
  const proxies = approverIds.length
    ? await db
        .select({ principalId: approvalProxies.principalId, proxyId: approvalProxies.proxyId })
        .from(approvalProxies)
        .where(
          and(
            inArray(approvalProxies.principalId, approverIds),
            lte(approvalProxies.startDate, today),
            gte(approvalProxies.endDate, today),
          ),
        )
    : [];
  const everyone = [...new Set([...approverIds, ...proxies.map((p) => p.proxyId)])];
  const names = await userNames(db, everyone);
  const reach = await larkReachOf(db, everyone);
  const person = (userId: number, principalName: string | null): TCardRecipient => ({
    user_id: userId,
    name: names.get(userId) ?? '',
    open_id: reach.get(userId)?.open_id ?? null,
    lookup_email: reach.get(userId)?.lookup_email ?? null,
    principal_name: principalName,
  });
  for (const link of links) {
    const list = byNode.get(link.taskNodeId)!;
    if (!list.some((r) => r.user_id === link.userId)) list.push(person(link.userId, null));
    for (const proxy of proxies.filter((p) => p.principalId === link.userId)) {
      // Someone who is an approver of the node in their own right gets one card, not two.
      if (list.some((r) => r.user_id === proxy.proxyId)) continue;
      list.push(person(proxy.proxyId, names.get(link.userId) ?? ''));
    }
  }
  return byNode;
}

export async function taskCardData(db: Db, taskId: number): Promise<TBotTaskCard> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!row) throw new NotFound();
  const task = await toTask(db, row, 0);
  const nodes = (await toTaskNodes(db, row)).filter((n) => !n.is_observer);
  const reached = new Map(
    (
      await db
        .select({ id: taskNodes.id, reachedAt: taskNodes.reachedAt })
        .from(taskNodes)
        .where(eq(taskNodes.taskId, row.id))
    ).map((n) => [n.id, n.reachedAt?.toISOString() ?? null]),
  );
  const recipients = await recipientsByNode(
    db,
    nodes.map((n) => n.id),
  );
  const applicantReach = await larkReachOfUser(db, row.applicantId);
  const fields: TLabelled[] = (await toTaskForm(db, row)).map((f) => ({ label: f.label, value: display(f) }));
  const sections = (await kindHooks(task.workflow_kind).cardSections?.(db, row)) ?? null;
  return {
    task: {
      id: task.id,
      workflow_name: task.workflow_name,
      workflow_kind: task.workflow_kind,
      status: task.status,
      status_name: task.status_name,
      applicant_id: task.applicant_id,
      applicant_name: task.employee_name,
      applicant_open_id: applicantReach.open_id,
      applicant_lookup_email: applicantReach.lookup_email,
      employee_code: task.employee_code,
      org_name: task.org_full_name ?? task.org_name,
      project_name: task.project_name,
      created_at: task.created_at,
      finished_at: task.finished_at,
    },
    fields,
    sections,
    reject_reasons: task.reject_reasons,
    nodes: nodes.map((n) => ({
      id: n.id,
      name: n.node_name,
      order: n.order,
      status: n.status,
      status_name: n.status_name,
      acted_by_name: n.acted_by_name,
      acted_at: n.acted_at,
      is_proxy: n.is_proxy,
      principal_name: n.principal_name,
      comment: n.comment,
      reason: n.reason,
      reached_at: reached.get(n.id) ?? null,
      recipients: recipients.get(n.id) ?? [],
    })),
  };
}
