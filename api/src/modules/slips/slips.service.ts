// The employee's payslips and withholding slips (spec §7.6 payment-slip/, withholding/). A slip is
// seen by its employee and by holders of the expense permissions (who issue them: PERM.addUploadHistory,
// PERM.viewUploadHistory); to anyone else, the employee's manager included, it does not exist (404).
// Another person's view or PDF of a slip is written to the access log (issue 34); the employee's own
// first opening is noted on the slip (opened_at, what 未開封 reads). The
// employee's own slips are those published and current (slip-visibility.ts); HR see every current one.
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type TPage } from '@portal/shared/contracts/pagination';
import {
  paymentSlipTitle,
  withholdingSlipTitle,
  type TPaymentSlip,
  type TPaymentSlipRow,
  type TWithholdingSlip,
  type TWithholdingSlipRow,
} from '@portal/shared/contracts/slips';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { paymentSlips, withholdingSlips } from '../../db/schema/slips.ts';
import { NotFound } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { logRead } from '../access-log/log-access.ts';
import { visibleToEmployee } from './slip-visibility.ts';

/** Who issues and looks after slips: the expense (給与・源泉票発行, アップロード履歴) permissions. */
export const SLIP_PERMISSIONS = [PERM.addUploadHistory, PERM.viewUploadHistory] as const;

export type SlipKind = 'payment' | 'withholding';

export interface SlipEmployee {
  readonly id: number;
  readonly userId: number | null;
  readonly code: string;
  readonly name: string;
}

/** The employee columns a slip names, and the employee they make. */
export const SLIP_EMPLOYEE_COLUMNS = {
  id: employees.id,
  userId: employees.userId,
  code: employees.code,
  lastName: employees.lastName,
  firstName: employees.firstName,
};

export function slipEmployeeOf(row: {
  id: number;
  userId: number | null;
  code: string;
  lastName: string;
  firstName: string;
}): SlipEmployee {
  return { id: row.id, userId: row.userId, code: row.code, name: `${row.lastName} ${row.firstName}` };
}

async function employeeById(ctx: RequestContext, id: number): Promise<SlipEmployee | undefined> {
  const [row] = await ctx.db.select(SLIP_EMPLOYEE_COLUMNS).from(employees).where(eq(employees.id, id));
  return row && slipEmployeeOf(row);
}

async function mayViewSlipsOf(ctx: RequestContext, employee: SlipEmployee): Promise<boolean> {
  return employee.userId === ctx.user.id || (await ctx.can([...SLIP_PERMISSIONS]));
}

interface ListOwner {
  readonly id: number;
  /** The caller's own slips: only those published and current. */
  readonly own: boolean;
}

/** The employee whose slips are listed: the caller, or `employee` for those who may see it; else null/404. */
async function listOwner(ctx: RequestContext, employeeId: number | undefined): Promise<ListOwner | null> {
  if (employeeId === undefined) {
    const [own] = await ctx.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, ctx.user.id));
    return own ? { id: own.id, own: true } : null;
  }
  const employee = await employeeById(ctx, employeeId);
  if (!employee || !(await mayViewSlipsOf(ctx, employee))) throw new NotFound();
  return { id: employee.id, own: employee.userId === ctx.user.id };
}

export interface SlipListInput {
  readonly year?: number | undefined;
  readonly page: number;
  readonly employee?: number | undefined;
}

const EMPTY = { count: 0, results: [] };

export async function listPaymentSlips({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: SlipListInput;
}): Promise<Pick<TPage<TPaymentSlipRow>, 'count' | 'results'>> {
  const owner = await listOwner(ctx, input.employee);
  if (owner === null) return EMPTY;
  const where: SQL | undefined = and(
    eq(paymentSlips.employeeId, owner.id),
    owner.own ? visibleToEmployee(paymentSlips) : isNull(paymentSlips.retiredAt),
    input.year === undefined ? undefined : eq(paymentSlips.year, input.year),
  );
  const [total] = await ctx.db.select({ n: count() }).from(paymentSlips).where(where);
  const rows = await ctx.db
    .select({
      id: paymentSlips.id,
      year: paymentSlips.year,
      month: paymentSlips.month,
      kind: paymentSlips.kind,
      issued_on: paymentSlips.issuedOn,
    })
    .from(paymentSlips)
    .where(where)
    .orderBy(desc(paymentSlips.year), desc(paymentSlips.month), desc(paymentSlips.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  return { count: total?.n ?? 0, results: rows.map((r) => ({ ...r, title: paymentSlipTitle(r) })) };
}

export async function listWithholdingSlips({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: SlipListInput;
}): Promise<Pick<TPage<TWithholdingSlipRow>, 'count' | 'results'>> {
  const owner = await listOwner(ctx, input.employee);
  if (owner === null) return EMPTY;
  const where = and(
    eq(withholdingSlips.employeeId, owner.id),
    owner.own ? visibleToEmployee(withholdingSlips) : isNull(withholdingSlips.retiredAt),
    input.year === undefined ? undefined : eq(withholdingSlips.year, input.year),
  );
  const [total] = await ctx.db.select({ n: count() }).from(withholdingSlips).where(where);
  const rows = await ctx.db
    .select({ id: withholdingSlips.id, year: withholdingSlips.year, issued_on: withholdingSlips.issuedOn })
    .from(withholdingSlips)
    .where(where)
    .orderBy(desc(withholdingSlips.year), desc(withholdingSlips.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({ ...r, title: withholdingSlipTitle(r.year) })),
  };
}

/** A slip of the caller's own is theirs to see only once published (HR's own slips too). */
function ownVisible(ctx: RequestContext, table: typeof paymentSlips | typeof withholdingSlips): SQL {
  return sql`(${table.employeeId} not in (select id from employees where user_id = ${ctx.user.id})
    or ${visibleToEmployee(table)})`;
}

async function logAccess(
  ctx: RequestContext,
  kind: SlipKind,
  slip: { id: number; employeeId: number },
  employee: SlipEmployee,
  action: 'view' | 'download',
) {
  if (employee.userId === ctx.user.id) {
    const table = kind === 'payment' ? paymentSlips : withholdingSlips;
    await ctx.db
      .update(table)
      .set({ openedAt: sql`now()` })
      .where(and(eq(table.id, slip.id), isNull(table.openedAt)));
    return;
  }
  await logRead(ctx, {
    action,
    kind: kind === 'payment' ? 'payment_slip' : 'withholding_slip',
    recordId: slip.id,
    subject: slip.employeeId,
  });
}

/** One payslip, if the caller may see it (else 404); the access is logged as `action`. */
export async function readPaymentSlip({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; action: 'view' | 'download' };
}): Promise<TPaymentSlip> {
  const [slip] = await ctx.db
    .select()
    .from(paymentSlips)
    .where(and(eq(paymentSlips.id, input.id), ownVisible(ctx, paymentSlips)));
  const employee = slip && (await employeeById(ctx, slip.employeeId));
  if (!slip || !employee || !(await mayViewSlipsOf(ctx, employee))) throw new NotFound();
  await logAccess(ctx, 'payment', slip, employee, input.action);
  return paymentSlipOf(slip, employee);
}

type PaymentSlipRecord = typeof paymentSlips.$inferSelect;
type WithholdingSlipRecord = typeof withholdingSlips.$inferSelect;

/** A payslip as the API answers it, from its row and its employee. */
export function paymentSlipOf(slip: PaymentSlipRecord, employee: SlipEmployee): TPaymentSlip {
  const totalPayment = slip.body.payments.reduce((sum, l) => sum + l.amount, 0);
  const totalDeduction = slip.body.deductions.reduce((sum, l) => sum + l.amount, 0);
  return {
    id: slip.id,
    year: slip.year,
    month: slip.month,
    kind: slip.kind,
    title: paymentSlipTitle(slip),
    issued_on: slip.issuedOn,
    employee: { id: employee.id, code: employee.code, name: employee.name },
    ...slip.body,
    total_payment: totalPayment,
    total_deduction: totalDeduction,
    net_pay: slip.netPay,
  };
}

/** A withholding slip as the API answers it. */
export function withholdingSlipOf(slip: WithholdingSlipRecord, employee: SlipEmployee): TWithholdingSlip {
  return {
    id: slip.id,
    year: slip.year,
    title: withholdingSlipTitle(slip.year),
    issued_on: slip.issuedOn,
    employee: { id: employee.id, code: employee.code, name: employee.name },
    ...slip.body,
  };
}

/** One withholding slip, if the caller may see it (else 404); the access is logged as `action`. */
export async function readWithholdingSlip({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; action: 'view' | 'download' };
}): Promise<TWithholdingSlip> {
  const [slip] = await ctx.db
    .select()
    .from(withholdingSlips)
    .where(and(eq(withholdingSlips.id, input.id), ownVisible(ctx, withholdingSlips)));
  const employee = slip && (await employeeById(ctx, slip.employeeId));
  if (!slip || !employee || !(await mayViewSlipsOf(ctx, employee))) throw new NotFound();
  await logAccess(ctx, 'withholding', slip, employee, input.action);
  return withholdingSlipOf(slip, employee);
}
