// The upload history (アップロード履歴, issue 29): the uploads 10 a page with 開封 n / m and their state,
// one upload with each employee's slip (開封 is the employee's own first view or download in
// slip_access_log; HR's views do not count), and the printable PDF of the slips of those who must get
// paper (consent.ts).
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import {
  UPLOAD_KIND_NAMES,
  UPLOAD_STATE_NAMES,
  uploadTarget,
  type TUploadHistoryDetail,
  type TUploadHistoryRow,
  type TUploadKind,
  type TUploadSlipRow,
  type TUploadState,
} from '@portal/shared/contracts/uploads';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { paymentSlips, withholdingSlips } from '../../db/schema/slips.ts';
import { NotFound } from '../../errors.ts';
import type { FileDownload } from '../../files/download.ts';
import { pageOffset } from '../../pagination.ts';
import { needsPaper } from './consent.ts';
import { slipsPdf, type PrintedSlip } from './slip-pdf.ts';
import { paymentSlipOf, withholdingSlipOf } from './slips.service.ts';

/** Every slip an upload issued, of either table, with its figure. */
const UPLOAD_SLIPS = sql`upload_slips as not materialized (
  select id, upload_id, employee_id, 'payment' as slip_kind, net_pay as amount, retired_at, superseded_by,
    opened_at
    from payment_slips where upload_id is not null
  union all
  select id, upload_id, employee_id, 'withholding', (body->>'payment_amount')::int, retired_at, superseded_by,
    opened_at
    from withholding_slips where upload_id is not null)`;

/** The employee themself opened the slip (viewed or downloaded it). */
const OPENED = sql`s.opened_at is not null`;

const STATE = sql`case when u.withdrawn_at is not null then 'withdrawn'
  when u.publish_at > now() then 'scheduled' else 'published' end`;

interface UploadRecord {
  id: number;
  kind: TUploadKind;
  year: number;
  month: number | null;
  paid_on: string;
  file_name: string;
  file_sha256: string;
  row_count: number;
  publish_at: Date | string;
  created_at: Date | string;
  created_by: string | null;
  state: TUploadState;
  count: number;
  opened: number;
  corrected: boolean;
  paper: number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function rowOf(r: UploadRecord): TUploadHistoryRow {
  return {
    id: r.id,
    kind: r.kind,
    kind_name: UPLOAD_KIND_NAMES[r.kind],
    year: r.year,
    month: r.month,
    target: uploadTarget(r),
    paid_on: r.paid_on,
    count: r.count,
    opened: r.opened,
    state: r.state,
    state_name: UPLOAD_STATE_NAMES[r.state],
    corrected: r.corrected,
    publish_at: iso(r.publish_at),
    file_name: r.file_name,
    created_by: r.created_by ?? '',
    created_at: iso(r.created_at),
  };
}

function selectUploads(db: Db, where: SQL, tail: SQL = sql``): Promise<UploadRecord[]> {
  return queryRows<UploadRecord>(
    db,
    sql`with ${UPLOAD_SLIPS}
      select u.id, u.kind, u.year, u.month, u.paid_on::text as paid_on, u.file_name, u.file_sha256,
        u.row_count, u.publish_at, u.created_at, coalesce(nullif(cu.full_name, ''), cu.username) as created_by,
        ${STATE} as state, c.count, c.opened, c.corrected, c.paper
      from slip_uploads u
      left join users cu on cu.id = u.created_by
      left join lateral (
        select count(*)::int as count,
          (count(*) filter (where ${OPENED}))::int as opened,
          coalesce(bool_or(s.superseded_by is not null), false) as corrected,
          (count(*) filter (where s.retired_at is null and ${needsPaper(sql`s.employee_id`, sql`s.slip_kind`)}))::int as paper
        from upload_slips s join employees e on e.id = s.employee_id
        where s.upload_id = u.id) c on true
      where ${where}
      ${tail}`,
  );
}

export interface UploadListInput {
  readonly kind?: TUploadKind | undefined;
  readonly year?: number | undefined;
  readonly state?: TUploadState | undefined;
  readonly page: number;
}

function listWhere(input: UploadListInput): SQL {
  const parts: SQL[] = [sql`true`];
  if (input.kind) parts.push(sql`u.kind = ${input.kind}`);
  if (input.year !== undefined) parts.push(sql`u.year = ${input.year}`);
  if (input.state) parts.push(sql`${STATE} = ${input.state}`);
  return sql.join(parts, sql` and `);
}

/** GET expense/upload-history/: newest first, 10 a page. */
export async function listUploads({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: UploadListInput;
}): Promise<{ count: number; results: TUploadHistoryRow[] }> {
  const where = listWhere(input);
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from slip_uploads u where ${where}`,
  );
  const rows = await selectUploads(
    ctx.db,
    where,
    sql`order by u.created_at desc, u.id desc limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  return { count: total?.n ?? 0, results: rows.map(rowOf) };
}

/** One upload's row, or 404. */
export async function findUpload(
  db: Db,
  id: number,
): Promise<TUploadHistoryRow & { paper: number; file_sha256: string; row_count: number }> {
  const [row] = await selectUploads(db, sql`u.id = ${id}`);
  if (!row) throw new NotFound();
  return { ...rowOf(row), paper: row.paper, file_sha256: row.file_sha256, row_count: row.row_count };
}

export interface UploadDetailInput {
  readonly id: number;
  readonly unopened?: string | undefined;
  readonly query?: string | undefined;
  readonly page: number;
}

/** GET expense/upload-history/{id}/: the upload and its employees, 10 a page (未開封 only, searched). */
export async function readUpload({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: UploadDetailInput;
}): Promise<TUploadHistoryDetail> {
  const upload = await findUpload(ctx.db, input.id);
  const parts: SQL[] = [sql`s.upload_id = ${input.id}`];
  if (input.unopened === 'true' || input.unopened === '1') parts.push(sql`not ${OPENED}`);
  const q = input.query?.normalize('NFKC').replace(/\s/g, '');
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    parts.push(sql`(e.code ilike ${like} or (e.last_name || e.first_name) ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`with ${UPLOAD_SLIPS} select count(*)::int as n from upload_slips s join employees e on e.id = s.employee_id where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    employee_id: number;
    code: string;
    last_name: string;
    first_name: string;
    amount: number;
    opened_at: Date | string | null;
    correction: boolean;
    superseded: boolean;
    paper: boolean;
  }>(
    ctx.db,
    sql`with ${UPLOAD_SLIPS}
      select s.id, s.employee_id, e.code, e.last_name, e.first_name, s.amount,
        s.opened_at,
        exists (select 1 from upload_slips o where o.superseded_by = s.id) as correction,
        s.superseded_by is not null as superseded,
        ${needsPaper(sql`s.employee_id`, sql`s.slip_kind`)} as paper
      from upload_slips s join employees e on e.id = s.employee_id
      where ${where}
      order by e.code, s.id
      limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  const results: TUploadSlipRow[] = rows.map((r) => ({
    slip_id: r.id,
    employee: { id: r.employee_id, code: r.code, name: `${r.last_name} ${r.first_name}` },
    amount: r.amount,
    opened_at: r.opened_at === null ? null : iso(r.opened_at),
    correction: r.correction,
    superseded: r.superseded,
    paper: r.paper,
  }));
  return { upload, slips: { count: total?.n ?? 0, results } };
}

/** GET expense/upload-history/{id}/paper/: the current slips of the upload whose employees get paper. */
export async function uploadPaperPdf({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<FileDownload> {
  const upload = await findUpload(ctx.db, input.id);
  const document = upload.kind === 'withholding' ? 'withholding' : 'payment';
  const table = upload.kind === 'withholding' ? withholdingSlips : paymentSlips;
  const slips = await ctx.db
    .select({
      slip: table,
      employee: {
        id: employees.id,
        userId: employees.userId,
        code: employees.code,
        lastName: employees.lastName,
        firstName: employees.firstName,
      },
    })
    .from(table)
    .innerJoin(employees, eq(employees.id, table.employeeId))
    .where(and(eq(table.uploadId, upload.id), isNull(table.retiredAt), needsPaper(employees.id, document)))
    .orderBy(employees.code);
  const printed: PrintedSlip[] = slips.map(({ slip, employee }) => {
    const who = {
      id: employee.id,
      userId: employee.userId,
      code: employee.code,
      name: `${employee.lastName} ${employee.firstName}`,
    };
    return document === 'withholding'
      ? { kind: 'withholding', slip: withholdingSlipOf(slip as typeof withholdingSlips.$inferSelect, who) }
      : { kind: 'payment', slip: paymentSlipOf(slip as typeof paymentSlips.$inferSelect, who) };
  });
  const title = `${upload.target} ${upload.kind_name}（書面交付）`;
  return {
    body: await slipsPdf(title, printed),
    type: 'application/pdf',
    filename: `${upload.kind_name}_${upload.year}${upload.month === null ? '' : String(upload.month).padStart(2, '0')}_書面交付.pdf`,
    private: true,
  };
}
