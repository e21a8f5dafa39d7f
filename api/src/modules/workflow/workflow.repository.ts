// Reads and writes of workflow definitions for the administration screens.
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TNode, TWorkflow, TWorkflowSummary } from '@portal/shared/contracts/workflows';
import type { ZFieldDefinitionInput } from '@portal/shared/contracts/workflows';
import { OBSERVER_NODE_CODE } from '@portal/shared/codes';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { nodeApprovers, nodes, workflowFields, workflows } from '../../db/schema/workflows.ts';
import { userNames } from '../people/display-names.ts';

type WorkflowRow = typeof workflows.$inferSelect;
type NodeRow = typeof nodes.$inferSelect;
export type FieldInput = z.output<typeof ZFieldDefinitionInput>;

export async function summaries(db: Db, rows: readonly WorkflowRow[]): Promise<TWorkflowSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const fieldCounts = await db
    .select({ id: workflowFields.workflowId, n: count() })
    .from(workflowFields)
    .where(inArray(workflowFields.workflowId, ids))
    .groupBy(workflowFields.workflowId);
  const nodeCounts = await db
    .select({ id: nodes.workflowId, n: count() })
    .from(nodes)
    .where(inArray(nodes.workflowId, ids))
    .groupBy(nodes.workflowId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    description: r.description,
    kind: r.kind,
    is_active: r.isActive,
    field_count: fieldCounts.find((c) => c.id === r.id)?.n ?? 0,
    node_count: nodeCounts.find((c) => c.id === r.id)?.n ?? 0,
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function workflowDetail(db: Db, row: WorkflowRow): Promise<TWorkflow> {
  const [summary] = await summaries(db, [row]);
  const fields = await db
    .select()
    .from(workflowFields)
    .where(eq(workflowFields.workflowId, row.id))
    .orderBy(asc(workflowFields.order), asc(workflowFields.id));
  return {
    ...summary!,
    created_at: row.createdAt.toISOString(),
    fields: fields.map((f) => ({
      id: f.id,
      name: f.name,
      label: f.label,
      data_type: f.dataType,
      order: f.order,
      is_required: f.isRequired,
      is_readonly: f.isReadonly,
      max_length: f.maxLength,
      help_text: f.helpText,
      default: f.default,
      choices: f.choices,
      step: f.step,
      multiple: f.multiple,
      data_source: f.dataSource,
      field_for_init: f.fieldForInit,
    })),
  };
}

export async function insertFields(tx: Db, workflowId: number, fields: readonly FieldInput[]): Promise<void> {
  if (fields.length === 0) return;
  await tx.insert(workflowFields).values(
    fields.map((f) => ({
      workflowId,
      name: f.name,
      label: f.label,
      dataType: f.data_type,
      order: f.order,
      isRequired: f.is_required,
      isReadonly: f.is_readonly,
      maxLength: f.max_length,
      helpText: f.help_text,
      default: f.default,
      choices: f.choices,
      step: f.step,
      multiple: f.multiple,
      dataSource: f.data_source,
      fieldForInit: f.field_for_init,
    })),
  );
}

export async function toNodes(db: Db, rows: readonly NodeRow[]): Promise<TNode[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(nodeApprovers)
    .where(
      inArray(
        nodeApprovers.nodeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(nodeApprovers.userId));
  const names = await userNames(
    db,
    links.map((l) => l.userId),
  );
  const workflowRows = await db
    .select({ id: workflows.id, name: workflows.name })
    .from(workflows)
    .where(inArray(workflows.id, [...new Set(rows.map((r) => r.workflowId))]));
  return rows.map((r) => ({
    id: r.id,
    workflow_id: r.workflowId,
    workflow_name: workflowRows.find((w) => w.id === r.workflowId)?.name ?? '',
    code: r.code,
    name: r.name,
    order: r.order,
    is_observer: r.code === OBSERVER_NODE_CODE,
    node_dispatch: r.nodeDispatch,
    self_dispatch: r.selfDispatch,
    observer_dispatch: r.observerDispatch as TNode['observer_dispatch'],
    approvers: links
      .filter((l) => l.nodeId === r.id)
      .map((l) => ({ id: l.userId, name: names.get(l.userId) ?? '' })),
  }));
}

export const nameContains = (query: string) =>
  sql`${workflows.name} ilike ${`%${query.replace(/[\\%_]/g, '\\$&')}%`}`;
