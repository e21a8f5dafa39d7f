// アクセス記録 (issue 34): the access log filtered by actor, subject, kind and period (Asia/Tokyo
// days), newest first, as pages with a summary (who read whose records, how many distinct people) or
// as one CSV, on the pattern of 操作履歴 (admin/audit.ts). Reading the log is itself not logged: it
// names people but holds none of their records.
import { sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_ACTIONS,
  ACCESS_KINDS,
  type TAccessLogEntry,
  type TAccessSummary,
} from '@portal/shared/contracts/access-log';
import type { TAccessLogQuery } from '@portal/shared/contracts/admin-queries';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { writeCsv } from '../../files/csv.ts';
import { pageOffset } from '../../pagination.ts';

/** The most rows one CSV carries; narrow the filter for more. */
export const ACCESS_CSV_LIMIT = 10_000;

type Filter = Omit<TAccessLogQuery, 'page'>;

function whereOf(input: Filter): SQL {
  const conditions = [sql`true`];
  if (input.actor !== undefined) conditions.push(sql`l.actor_id = ${input.actor}`);
  if (input.subject !== undefined) conditions.push(sql`${input.subject}::int = any(l.subjects)`);
  if (input.kind) conditions.push(sql`l.kind = ${input.kind}`);
  if (input.date_from)
    conditions.push(sql`l.at >= (${input.date_from}::date)::timestamp at time zone 'Asia/Tokyo'`);
  if (input.date_to)
    conditions.push(sql`l.at < ((${input.date_to}::date + 1)::timestamp at time zone 'Asia/Tokyo')`);
  return sql.join(conditions, sql` and `);
}

interface Row {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  kind: string;
  record_id: string | null;
  subjects: number[] | string;
  request_id: string | null;
  address: string | null;
}

/** PGlite and node-postgres both hand arrays back parsed; a text form is parsed for safety. */
function idsOf(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

async function namesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, last_name || ' ' || first_name as name from employees
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function toEntries(db: Db, rows: readonly Row[]): Promise<TAccessLogEntry[]> {
  const names = await namesOf(db, [...new Set(rows.flatMap((r) => idsOf(r.subjects)))]);
  return rows.map((r) => ({
    ...r,
    at: new Date(r.at).toISOString(),
    subjects: idsOf(r.subjects).map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
  }));
}

const COLUMNS = sql`l.id, l.at, l.actor_id, l.actor_name, l.action, l.kind, l.record_id, l.subjects,
  l.request_id, l.address`;

/** Who read whose records over the filter: distinct people, and per actor how many reads of how many people. */
export async function accessSummary(db: Db, input: Filter): Promise<TAccessSummary> {
  const where = whereOf(input);
  const [totals] = await queryRows<{ rows: number; subjects: number }>(
    db,
    sql`select (select count(*)::int from access_log l where ${where}) as rows,
      (select count(distinct s)::int from access_log l, unnest(l.subjects) s where ${where}) as subjects`,
  );
  const actors = await queryRows<{
    actor_id: number | null;
    actor_name: string;
    reads: number;
    subjects: number;
  }>(
    db,
    sql`select l.actor_id, min(l.actor_name) as actor_name, count(distinct l.id)::int as reads,
        count(distinct s)::int as subjects
      from access_log l left join lateral unnest(l.subjects) s on true
      where ${where} group by l.actor_id order by reads desc, actor_name`,
  );
  return { rows: Number(totals?.rows ?? 0), distinct_subjects: Number(totals?.subjects ?? 0), actors };
}

export async function listAccessLog({ ctx, input }: { ctx: RequestContext; input: TAccessLogQuery }) {
  const where = whereOf(input);
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select ${COLUMNS} from access_log l where ${where}
      order by l.at desc, l.id desc limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  const summary = await accessSummary(ctx.db, input);
  return { count: summary.rows, results: await toEntries(ctx.db, rows), summary };
}

function tokyoTime(at: Date | string): string {
  return new Date(at).toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo', hour12: false }).replace('T', ' ');
}

const label = (labels: Record<string, string>, code: string) => labels[code] ?? code;

export async function accessLogCsv({ ctx, input }: { ctx: RequestContext; input: TAccessLogQuery }) {
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select ${COLUMNS} from access_log l where ${whereOf(input)}
      order by l.at desc, l.id desc limit ${ACCESS_CSV_LIMIT}`,
  );
  const entries = await toEntries(ctx.db, rows);
  const header = [
    '日時',
    '操作者',
    '操作',
    '種類',
    '記録ID',
    '対象者',
    '対象者ID',
    'リクエストID',
    'アドレス',
  ];
  const lines = entries.map((e) => [
    tokyoTime(e.at),
    e.actor_name,
    label(ACCESS_ACTIONS, e.action),
    label(ACCESS_KINDS, e.kind),
    e.record_id ?? '',
    e.subjects.map((s) => s.name).join(' / '),
    e.subjects.map((s) => s.id).join(' '),
    e.request_id ?? '',
    e.address ?? '',
  ]);
  return writeCsv(header, lines);
}
