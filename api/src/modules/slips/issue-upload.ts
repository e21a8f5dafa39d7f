// Issuing payslips and withholding slips (issue 29), the console import's way (admin/people-import.ts):
// POST expense/upload/check/ reads the file and answers the preview, writing nothing; POST
// expense/upload/ sends the same file with the preview's token and the publication settings, and in
// one transaction reads and checks it again (the employees may have changed since), refuses it when
// it reads otherwise (409) or has an error, and writes the history row and every slip. A row for an
// employee who already has a current slip of that period corrects it: the earlier slip is retired,
// stays in the history (訂正済み) and points at its correction.
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SUCCESS } from '@portal/shared/messages';
import {
  PAYSLIP_TOTAL_COLUMNS,
  UPLOAD_MSG,
  UPLOAD_PUBLISH_MAX_DAYS,
  ZUploadCheck,
  ZUploadIssue,
  type TUploadCheck,
  type TUploadCorrection,
  type TUploadEmployee,
  type TUploadKind,
  type TUploadPreview,
  type TUploadResult,
  type TUploadSum,
} from '@portal/shared/contracts/uploads';
import {
  WITHHOLDING_LABELS,
  type TPaymentSlipBody,
  type TWithholdingSlipBody,
} from '@portal/shared/contracts/slips';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { contracts, employees } from '../../db/schema/employees.ts';
import { paymentSlips, slipUploads, withholdingSlips } from '../../db/schema/slips.ts';
import { Conflict, ValidationError } from '../../errors.ts';
import { writeCsv } from '../../files/csv.ts';
import type { FileDownload } from '../../files/download.ts';
import { IMPORT_MSG } from '../admin/people-import.ts';
import { runSlipNotices } from './slip-notices.ts';
import {
  UPLOAD_FILE_MSG,
  checkRows,
  layoutOf,
  readUploadTable,
  type CheckedRow,
  type MasterEmployee,
} from './upload-file.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: unknown } },
  input: unknown,
): T {
  const result = schema.safeParse(input);
  if (!result.success)
    throw ValidationError.fromZod(result.error as Parameters<typeof ValidationError.fromZod>[0]);
  return result.data;
}

/** The publication time: null is now; a time must be ahead, and at most 31 days. */
function publishTime(publishAt: string | null | undefined, now: Date): Date {
  if (publishAt === null || publishAt === undefined) return now;
  const at = new Date(publishAt);
  if (at.getTime() < now.getTime() - 60_000)
    throw ValidationError.field('publish_at', UPLOAD_MSG.publishPast);
  if (at.getTime() > now.getTime() + UPLOAD_PUBLISH_MAX_DAYS * DAY_MS)
    throw ValidationError.field('publish_at', UPLOAD_MSG.publishTooLate);
  return at;
}

function checkPaidOn(paidOn: string): void {
  const d = new Date(`${paidOn}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== paidOn)
    throw ValidationError.field('paid_on', '支給日 は正しい日付で入力してください。');
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The first and last day of the period an upload covers. */
function periodOf(s: {
  kind: TUploadKind;
  year: number;
  month?: number | null | undefined;
}): [string, string] {
  if (s.kind === 'withholding' || !s.month) return [`${s.year}-01-01`, `${s.year}-12-31`];
  const last = new Date(Date.UTC(s.year, s.month, 0)).getUTCDate();
  return [`${s.year}-${pad(s.month)}-01`, `${s.year}-${pad(s.month)}-${pad(last)}`];
}

async function employeesByCode(db: Db, codes: readonly string[]): Promise<Map<string, MasterEmployee>> {
  const wanted = [...new Set(codes.map((c) => c.normalize('NFKC').trim()).filter((c) => c !== ''))];
  const found = new Map<string, MasterEmployee>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .select({
        id: employees.id,
        userId: employees.userId,
        code: employees.code,
        lastName: employees.lastName,
        firstName: employees.firstName,
      })
      .from(employees)
      .where(inArray(employees.code, wanted.slice(i, i + 1000)));
    for (const r of rows)
      found.set(r.code, { id: r.id, userId: r.userId, code: r.code, name: `${r.lastName} ${r.firstName}` });
  }
  return found;
}

/** The current slips of the period for these employees: employee id → slip id and its figure. */
async function currentSlips(
  db: Db,
  s: { kind: TUploadKind; year: number; month?: number | null | undefined },
  employeeIds: readonly number[],
): Promise<Map<number, { id: number; amount: number }>> {
  const found = new Map<number, { id: number; amount: number }>();
  for (let i = 0; i < employeeIds.length; i += 1000) {
    const ids = employeeIds.slice(i, i + 1000);
    if (s.kind === 'withholding') {
      const rows = await db
        .select({
          id: withholdingSlips.id,
          employeeId: withholdingSlips.employeeId,
          body: withholdingSlips.body,
        })
        .from(withholdingSlips)
        .where(
          and(
            inArray(withholdingSlips.employeeId, ids),
            eq(withholdingSlips.year, s.year),
            isNull(withholdingSlips.retiredAt),
          ),
        );
      for (const r of rows) found.set(r.employeeId, { id: r.id, amount: r.body.payment_amount });
    } else {
      const rows = await db
        .select({ id: paymentSlips.id, employeeId: paymentSlips.employeeId, netPay: paymentSlips.netPay })
        .from(paymentSlips)
        .where(
          and(
            inArray(paymentSlips.employeeId, ids),
            eq(paymentSlips.year, s.year),
            eq(paymentSlips.month, s.month ?? 0),
            eq(paymentSlips.kind, s.kind),
            isNull(paymentSlips.retiredAt),
          ),
        );
      for (const r of rows) found.set(r.employeeId, { id: r.id, amount: r.netPay });
    }
  }
  return found;
}

/** The sums a preview shows, from a set of slip values. */
function sumsOf(
  kind: TUploadKind,
  values: readonly CheckedRow['value'][],
): { label: string; amount: number }[] {
  if (kind === 'withholding') {
    const w = values.flatMap((v) => (v.kind === 'withholding' ? [v.body] : []));
    return [
      { label: '支払金額', amount: w.reduce((s, b) => s + b.payment_amount, 0) },
      { label: '源泉徴収税額', amount: w.reduce((s, b) => s + b.withholding_tax, 0) },
    ];
  }
  const p = values.flatMap((v) => (v.kind === 'payslip' ? [v] : []));
  return [
    { label: PAYSLIP_TOTAL_COLUMNS[0], amount: p.reduce((s, v) => s + v.totalPayment, 0) },
    { label: PAYSLIP_TOTAL_COLUMNS[1], amount: p.reduce((s, v) => s + v.totalDeduction, 0) },
    { label: PAYSLIP_TOTAL_COLUMNS[2], amount: p.reduce((s, v) => s + v.netPay, 0) },
  ];
}

const lineSum = (lines: readonly { amount: number }[]) => lines.reduce((s, l) => s + l.amount, 0);

/** The sums of the latest upload of this kind before this period (withdrawn ones aside). */
async function previousSums(
  db: Db,
  s: { kind: TUploadKind; year: number; month?: number | null | undefined },
) {
  const before =
    s.kind === 'withholding'
      ? lt(slipUploads.year, s.year)
      : or(
          lt(slipUploads.year, s.year),
          and(eq(slipUploads.year, s.year), lt(slipUploads.month, s.month ?? 0)),
        );
  const [previous] = await db
    .select({ year: slipUploads.year, month: slipUploads.month })
    .from(slipUploads)
    .where(and(eq(slipUploads.kind, s.kind), isNull(slipUploads.withdrawnAt), before))
    .orderBy(desc(slipUploads.year), desc(slipUploads.month), desc(slipUploads.id))
    .limit(1);
  if (!previous) return null;
  // The period's current slips: a correction in a later upload counts as the period's figure.
  if (s.kind === 'withholding') {
    const rows = await db
      .select({ body: withholdingSlips.body })
      .from(withholdingSlips)
      .where(
        and(
          eq(withholdingSlips.year, previous.year),
          isNull(withholdingSlips.retiredAt),
          isNotNull(withholdingSlips.uploadId),
        ),
      );
    return sumsOf(
      s.kind,
      rows.map((r) => ({ kind: 'withholding' as const, body: r.body })),
    );
  }
  const rows = await db
    .select({ body: paymentSlips.body, netPay: paymentSlips.netPay })
    .from(paymentSlips)
    .where(
      and(
        eq(paymentSlips.year, previous.year),
        eq(paymentSlips.month, previous.month ?? 0),
        eq(paymentSlips.kind, s.kind),
        isNull(paymentSlips.retiredAt),
      ),
    );
  return sumsOf(
    s.kind,
    rows.map((r) => ({
      kind: 'payslip' as const,
      body: r.body,
      netPay: r.netPay,
      totalPayment: lineSum(r.body.payments),
      totalDeduction: lineSum(r.body.deductions),
    })),
  );
}

/** Employees with a contract in the period and no row in the file. */
async function missingEmployees(
  db: Db,
  period: [string, string],
  present: ReadonlySet<number>,
): Promise<TUploadEmployee[]> {
  const rows = await db
    .selectDistinct({
      id: employees.id,
      code: employees.code,
      lastName: employees.lastName,
      firstName: employees.firstName,
    })
    .from(contracts)
    .innerJoin(employees, eq(employees.id, contracts.employeeId))
    .where(
      and(
        lte(contracts.startDate, period[1]),
        or(isNull(contracts.endDate), gte(contracts.endDate, period[0])),
      ),
    )
    .orderBy(employees.code);
  return rows
    .filter((r) => !present.has(r.id))
    .map((r) => ({ id: r.id, code: r.code, name: `${r.lastName} ${r.firstName}` }));
}

interface Checked {
  preview: TUploadPreview;
  valid: CheckedRow[];
  /** Employee id → the current slip a row corrects. */
  current: Map<number, { id: number; amount: number }>;
}

async function checkUploadFile(db: Db, input: TUploadCheck): Promise<Checked> {
  checkPaidOn(input.paid_on);
  const table = await readUploadTable(input.file_name, input.content);
  const layout = layoutOf(input.kind, table.columns);
  const byCode = await employeesByCode(
    db,
    table.rows.map((r) => r.cells[0]!),
  );
  const { errors, valid, matched } = checkRows(table, layout, byCode);
  const current = await currentSlips(
    db,
    input,
    valid.map((v) => v.employee.id),
  );
  const corrections: TUploadCorrection[] = valid.flatMap((v) => {
    const old = current.get(v.employee.id);
    if (!old) return [];
    const after = v.value.kind === 'payslip' ? v.value.netPay : v.value.body.payment_amount;
    return [
      {
        row: v.row,
        employee: { id: v.employee.id, code: v.employee.code, name: v.employee.name },
        before: old.amount,
        after,
      },
    ];
  });
  const previous = await previousSums(db, input);
  const sums: TUploadSum[] = sumsOf(
    input.kind,
    valid.map((v) => v.value),
  ).map((s, i) => ({ ...s, previous: previous?.[i]?.amount ?? null }));
  const present = new Set([...byCode.values()].map((e) => e.id));
  const missing = await missingEmployees(db, periodOf(input), present);
  const token = createHash('sha256')
    .update(JSON.stringify({ kind: input.kind, year: input.year, month: input.month ?? null, table }))
    .digest('hex');
  return {
    preview: {
      file_name: input.file_name,
      token,
      kind: input.kind,
      columns: table.columns,
      rows: table.rows.map((r) => ({ row: r.row, cells: [...r.cells] })),
      row_count: table.rows.length,
      matched,
      sums,
      missing,
      corrections,
      correction_label: input.kind === 'withholding' ? '支払金額' : '差引支給額',
      errors,
    },
    valid,
    current,
  };
}

export async function checkUpload({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: unknown;
}): Promise<TUploadPreview> {
  await ctx.require(PERM.addUploadHistory);
  const body = parse(ZUploadCheck, input);
  publishTime(body.publish_at, new Date());
  return (await checkUploadFile(ctx.db, body)).preview;
}

/** A unique key of the current slips taken meanwhile: the file no longer reads as it did. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

export async function issueUpload({
  ctx,
  input,
  publicUrl,
}: {
  ctx: RequestContext;
  input: unknown;
  publicUrl?: string | undefined;
}): Promise<TUploadResult> {
  await ctx.require(PERM.addUploadHistory);
  const body = parse(ZUploadIssue, input);
  const now = new Date();
  const publishAt = publishTime(body.publish_at, now);
  const result = await ctx.db
    .transaction(async (tx) => {
      const { preview, valid, current } = await checkUploadFile(tx, body);
      if (preview.token !== body.token) throw new Conflict(IMPORT_MSG.stale);
      if (preview.errors.length > 0) throw ValidationError.field('content', UPLOAD_FILE_MSG.hasErrors);
      const [upload] = await tx
        .insert(slipUploads)
        .values({
          kind: body.kind,
          year: body.year,
          month: body.kind === 'withholding' ? null : (body.month ?? null),
          paidOn: body.paid_on,
          fileName: body.file_name,
          fileSha256: createHash('sha256').update(Buffer.from(body.content, 'base64')).digest('hex'),
          rowCount: preview.row_count,
          createdBy: ctx.user.id,
          publishAt,
        })
        .returning({ id: slipUploads.id });
      const uploadId = upload!.id;
      const corrected = valid.flatMap((v) => {
        const old = current.get(v.employee.id);
        return old ? [old.id] : [];
      });
      const table = body.kind === 'withholding' ? withholdingSlips : paymentSlips;
      for (let i = 0; i < corrected.length; i += 1000)
        await tx
          .update(table)
          .set({ retiredAt: now })
          .where(inArray(table.id, corrected.slice(i, i + 1000)));
      const created: { id: number; employeeId: number }[] = [];
      for (let i = 0; i < valid.length; i += 500) {
        const part = valid.slice(i, i + 500);
        if (body.kind === 'withholding')
          created.push(
            ...(await tx
              .insert(withholdingSlips)
              .values(
                part.map((v) => ({
                  employeeId: v.employee.id,
                  year: body.year,
                  issuedOn: body.paid_on,
                  body: v.value.body as TWithholdingSlipBody,
                  uploadId,
                })),
              )
              .returning({ id: withholdingSlips.id, employeeId: withholdingSlips.employeeId })),
          );
        else
          created.push(
            ...(await tx
              .insert(paymentSlips)
              .values(
                part.map((v) => ({
                  employeeId: v.employee.id,
                  year: body.year,
                  month: body.month!,
                  kind: body.kind as 'salary' | 'bonus',
                  issuedOn: body.paid_on,
                  netPay: v.value.kind === 'payslip' ? v.value.netPay : 0,
                  body: v.value.body as TPaymentSlipBody,
                  uploadId,
                })),
              )
              .returning({ id: paymentSlips.id, employeeId: paymentSlips.employeeId })),
          );
      }
      if (corrected.length > 0) {
        const pairs = created.flatMap((c) => {
          const old = current.get(c.employeeId);
          return old ? [sql`(${old.id}::int, ${c.id}::int)`] : [];
        });
        const name = sql.raw(body.kind === 'withholding' ? 'withholding_slips' : 'payment_slips');
        for (let i = 0; i < pairs.length; i += 1000)
          await tx.execute(
            sql`update ${name} s set superseded_by = p.new_id
              from (values ${sql.join(pairs.slice(i, i + 1000), sql`, `)}) as p(old_id, new_id)
              where s.id = p.old_id`,
          );
      }
      return {
        id: uploadId,
        slips: created.length,
        corrections: corrected.length,
        publish_at: publishAt.toISOString(),
        detail: SUCCESS.uploaded,
      };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Conflict(IMPORT_MSG.stale);
      throw error;
    });
  // Published at once: tell the employees now rather than at the job's next minute (it claims the
  // upload, so the job will not tell them again).
  if (publishAt.getTime() <= now.getTime()) await runSlipNotices(ctx.db, now, { publicUrl });
  return result;
}

// ---- the template ----------------------------------------------------------------------------

/** The CSV template (UTF-8 with BOM): the layout with the latest payslip issue's items. */
export async function uploadTemplate({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { kind: TUploadKind };
}): Promise<FileDownload> {
  await ctx.require(PERM.addUploadHistory);
  if (input.kind === 'withholding')
    return {
      body: writeCsv(['社員番号', '氏名', ...WITHHOLDING_LABELS.map(([, label]) => label)], []),
      type: 'text/csv',
      filename: '源泉徴収票_テンプレート.csv',
    };
  const [latest] = await ctx.db
    .select({ body: paymentSlips.body })
    .from(paymentSlips)
    .where(and(eq(paymentSlips.kind, input.kind), isNull(paymentSlips.retiredAt)))
    .orderBy(desc(paymentSlips.year), desc(paymentSlips.month), desc(paymentSlips.id))
    .limit(1);
  const items = latest?.body ?? {
    payments: [{ label: '基本給', amount: 0 }],
    deductions: [
      { label: '健康保険', amount: 0 },
      { label: '厚生年金', amount: 0 },
      { label: '所得税', amount: 0 },
    ],
    attendance: [{ label: '出勤日数', value: '' }],
  };
  const header = [
    '社員番号',
    '氏名',
    ...items.payments.map((l) => `支給:${l.label}`),
    ...items.deductions.map((l) => `控除:${l.label}`),
    ...items.attendance.map((l) => `勤怠:${l.label}`),
    ...PAYSLIP_TOTAL_COLUMNS,
    '備考',
  ];
  const name = input.kind === 'bonus' ? '賞与明細' : '給与明細';
  return { body: writeCsv(header, []), type: 'text/csv', filename: `${name}_テンプレート.csv` };
}
