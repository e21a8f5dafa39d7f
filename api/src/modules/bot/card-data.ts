// What the bot's cards show about a task (ZBotTaskCard): the task as the screens read it, its fields
// in the compact form of spec §2.4, what its kind shows in their place (the kind's cardSections hook)
// and its fixed reject reasons, and each node with the people its card goes to — the approvers and
// whoever stands in for one of them today — with their Lark open_id, or the e-mail address to look it
// up by (lark-users.ts).
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { TBotTaskCard, TCardRecipient, TLabelled } from '@portal/shared/contracts/bot-jobs';
import type { TTaskFormField } from '@portal/shared/contracts/tasks';
import type { Db } from '../../db/client.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { tokyoDate } from '../../dates.ts';
import { NotFound } from '../../errors.ts';
import { nodeStatusOf, taskDetails, taskStatusOf, toTaskForm } from '../tasks/task-views.ts';
import { kindHooks } from '../tasks/workflow-kinds.ts';
import { larkPeople, type LarkPerson } from './lark-users.ts';

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

/** Each node's approvers with the proxies standing in for one of them today, in one statement. */
async function approversWithProxies(db: Db, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return [];
  const today = tokyoDate();
  return db
    .select({
      nodeId: taskNodeApprovers.taskNodeId,
      userId: taskNodeApprovers.userId,
      proxyId: approvalProxies.proxyId,
    })
    .from(taskNodeApprovers)
    .leftJoin(
      approvalProxies,
      and(
        eq(approvalProxies.principalId, taskNodeApprovers.userId),
        lte(approvalProxies.startDate, today),
        gte(approvalProxies.endDate, today),
      ),
    )
    .where(inArray(taskNodeApprovers.taskNodeId, [...nodeIds]))
    .orderBy(asc(taskNodeApprovers.userId), asc(approvalProxies.proxyId));
}

type Links = Awaited<ReturnType<typeof approversWithProxies>>;

/** Who each node's card goes to: its approvers, then whoever stands in for one of them today. */
function recipientsOf(nodeId: number, links: Links, people: Map<number, LarkPerson>): TCardRecipient[] {
  const person = (userId: number, principalName: string | null): TCardRecipient => ({
    user_id: userId,
    name: people.get(userId)?.name ?? '',
    open_id: people.get(userId)?.open_id ?? null,
    lookup_email: people.get(userId)?.lookup_email ?? null,
    principal_name: principalName,
  });
  const ofNode = links.filter((link) => link.nodeId === nodeId);
  const list: TCardRecipient[] = [];
  for (const link of ofNode)
    if (!list.some((r) => r.user_id === link.userId)) list.push(person(link.userId, null));
  for (const { userId, proxyId } of ofNode) {
    // Someone who is an approver of the node in their own right gets one card, not two.
    if (proxyId === null || list.some((r) => r.user_id === proxyId)) continue;
    list.push(person(proxyId, people.get(userId)?.name ?? ''));
  }
  return list;
}

/**
 * Read on every card the bot posts or updates, so in few statements (issue 38: the month-end surge's
 * cards cost the API more than the submissions did): the task with its workflow, the applicant's
 * details, the approver nodes, their approvers and proxies, and everyone's name and Lark reach at
 * once; the form's fields come from memory (loadFields).
 */
export async function taskCardData(db: Db, taskId: number): Promise<TBotTaskCard> {
  const [found] = await db
    .select({ row: tasks, workflowName: workflows.name, workflowKind: workflows.kind })
    .from(tasks)
    .leftJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(eq(tasks.id, taskId));
  if (!found) throw new NotFound();
  const { row } = found;
  const kind = found.workflowKind ?? 'general';
  const hooks = kindHooks(kind);
  const details = await taskDetails(db, row);
  const nodes = await db
    .select()
    .from(taskNodes)
    .where(and(eq(taskNodes.taskId, row.id), eq(taskNodes.isObserver, false)))
    .orderBy(asc(taskNodes.order), asc(taskNodes.code), asc(taskNodes.id));
  const links = await approversWithProxies(
    db,
    nodes.map((n) => n.id),
  );
  const people = await larkPeople(db, [
    row.applicantId,
    ...links.flatMap((l) => (l.proxyId === null ? [l.userId] : [l.userId, l.proxyId])),
    ...nodes.flatMap((n) => [n.actedById, n.principalId].filter((id): id is number => id !== null)),
  ]);
  const nameOf = (id: number | null) => (id === null ? null : (people.get(id)?.name ?? null));
  const applicant = people.get(row.applicantId);
  const fields: TLabelled[] = (await toTaskForm(db, row)).map((f) => ({ label: f.label, value: display(f) }));
  const sections = (await hooks.cardSections?.(db, row)) ?? null;
  return {
    task: {
      id: row.id,
      workflow_name: found.workflowName ?? '',
      workflow_kind: kind,
      ...taskStatusOf(row),
      applicant_id: row.applicantId,
      applicant_name: details.employee ? details.employee.name : details.applicantName,
      applicant_open_id: applicant?.open_id ?? null,
      applicant_lookup_email: applicant?.lookup_email ?? null,
      employee_code: details.employee?.code ?? null,
      org_name: details.org?.full_name ?? details.org?.name ?? null,
      project_name: row.projectName,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    },
    fields,
    sections,
    reject_reasons: hooks.rejectReasons ? [...hooks.rejectReasons] : null,
    nodes: nodes.map((n) => ({
      id: n.id,
      name: n.name,
      order: n.order,
      ...nodeStatusOf(n),
      acted_by_name: nameOf(n.actedById),
      acted_at: n.actedAt?.toISOString() ?? null,
      is_proxy: n.isProxy,
      principal_name: nameOf(n.principalId),
      comment: n.comment,
      reason: n.reason,
      reached_at: n.reachedAt?.toISOString() ?? null,
      recipients: recipientsOf(n.id, links, people),
    })),
  };
}
