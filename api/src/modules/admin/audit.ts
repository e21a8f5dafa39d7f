// 操作履歴: the console's audit trail, filtered by resource, record, actor and date (Asia/Tokyo days),
// newest first, as pages or as one CSV (UTF-8 with a BOM, so Excel opens the Japanese correctly).
import { sql, type SQL } from 'drizzle-orm';
import type { TAuditEntry } from '@portal/shared/contracts/admin';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@portal/shared/contracts/admin-codes';
import type { TAuditQuery } from '@portal/shared/contracts/admin-queries';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { queryRows } from '../../db/query-rows.ts';
import { pageOffset } from '../../pagination.ts';
import { requireConsole } from './console-access.ts';
import { writeCsv } from '../../files/csv.ts';

/** The most rows one CSV carries; narrow the filter for more. */
export const AUDIT_CSV_LIMIT = 10_000;

function whereOf(input: TAuditQuery): SQL {
  const conditions = [sql`true`];
  if (input.resource) conditions.push(sql`resource = ${input.resource}`);
  if (input.object_id !== undefined) conditions.push(sql`object_id = ${input.object_id}`);
  if (input.actor) conditions.push(sql`actor_name = ${input.actor}`);
  if (input.date_from)
    conditions.push(sql`at >= (${input.date_from}::date)::timestamp at time zone 'Asia/Tokyo'`);
  if (input.date_to)
    conditions.push(sql`at < ((${input.date_to}::date + 1)::timestamp at time zone 'Asia/Tokyo')`);
  return sql.join(conditions, sql` and `);
}

interface Row {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_name: string;
  resource: string;
  action: string;
  object_id: number | null;
  object_label: string;
  before: unknown;
  after: unknown;
}

const toEntry = (row: Row): TAuditEntry => ({
  ...row,
  at: new Date(row.at).toISOString(),
});

const COLUMNS = sql`id, at, actor_id, actor_name, resource, action, object_id, object_label, before, after`;

export async function listAudit({ ctx, input }: { ctx: RequestContext; input: TAuditQuery }) {
  await requireConsole(ctx, PERM.viewLogEntry);
  const where = whereOf(input);
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from admin_audit_log where ${where}`,
  );
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select ${COLUMNS} from admin_audit_log where ${where}
      order by at desc, id desc limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  return { count: Number(total?.n ?? 0), results: rows.map(toEntry) };
}

const RESOURCE_LABELS: Record<string, string> = Object.fromEntries(
  AUDIT_RESOURCES.map((r) => [r.value, r.label]),
);

function tokyoTime(at: Date | string): string {
  return new Date(at).toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo', hour12: false }).replace('T', ' ');
}

export async function auditCsv({ ctx, input }: { ctx: RequestContext; input: TAuditQuery }): Promise<string> {
  await requireConsole(ctx, PERM.viewLogEntry);
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select ${COLUMNS} from admin_audit_log where ${whereOf(input)}
      order by at desc, id desc limit ${AUDIT_CSV_LIMIT}`,
  );
  const header = ['日時', '操作者', '対象', '操作', '対象ID', '対象名', '変更前', '変更後'];
  const lines = rows.map((r) => [
    tokyoTime(r.at),
    r.actor_name,
    RESOURCE_LABELS[r.resource] ?? r.resource,
    AUDIT_ACTIONS[r.action] ?? r.action,
    r.object_id,
    r.object_label,
    r.before,
    r.after,
  ]);
  return writeCsv(header, lines);
}
