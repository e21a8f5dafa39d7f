// Bank accounts (bank-accounts/, bank-accounts/{id}/): the employee's salary account and optional
// expense account. The employee changes their own at once (recorded with the value before, HR told
// in the bell; a salary account change also tells the employee in Lark); HR reads any employee's.
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  BANK_ACCOUNT_MSG,
  BANK_ACCOUNT_PURPOSES,
  YUCHO_BANK_CODE,
  ZBankAccountRequest,
  convertYucho,
  type TBankAccount,
  type TBankAccountBody,
  type TBankAccountList,
  type TEmployeeRecordQuery,
} from '@portal/shared/contracts/bank-accounts';
import { RECORD_MSG } from '@portal/shared/contracts/records';
import { BANK_ACCOUNT_TYPES, labelOf } from '@portal/shared/codes';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/records.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { findBank } from '../banks/bank-data.ts';
import {
  ownEmployee,
  readableEmployee,
  readableOwnerOf,
  writableOwnerOf,
  type RecordOwner,
} from './record-access.ts';
import { queueLarkNotice, recordChange } from './record-changes.ts';
import { logRead } from '../access-log/log-access.ts';

type Row = typeof bankAccounts.$inferSelect;
type Values = Omit<typeof bankAccounts.$inferInsert, 'id' | 'employeeId'>;

function toAccount(row: Row, canEdit: boolean): TBankAccount {
  return {
    id: row.id,
    employee: row.employeeId,
    purpose: row.purpose,
    purpose_name: BANK_ACCOUNT_PURPOSES.find((p) => p.value === row.purpose)?.label ?? row.purpose,
    bank_code: row.bankCode,
    bank_name: row.bankName,
    branch_code: row.branchCode,
    branch_name: row.branchName,
    account_type: row.accountType,
    account_type_name: labelOf(BANK_ACCOUNT_TYPES, row.accountType),
    account_number: row.accountNumber,
    account_holder: row.accountHolder,
    yucho_symbol: row.yuchoSymbol,
    yucho_number: row.yuchoNumber,
    updated_at: row.updatedAt.toISOString(),
    can_edit: canEdit,
  };
}

/** What the history keeps of an account (everything a transfer uses). */
function snapshot(row: Row | Values): Record<string, unknown> {
  return {
    purpose: row.purpose,
    bank_code: row.bankCode,
    bank_name: row.bankName,
    branch_code: row.branchCode,
    branch_name: row.branchName,
    account_type: row.accountType,
    account_number: row.accountNumber,
    account_holder: row.accountHolder,
  };
}

/** The body checked against the bank master: known bank and branch, ゆうちょ converted. */
async function valuesOf(body: unknown): Promise<Values> {
  const parsed = ZBankAccountRequest.safeParse(body ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const b: TBankAccountBody = parsed.data;
  const bank = await findBank(b.bank_code);
  if (!bank) throw ValidationError.field('bank_code', BANK_ACCOUNT_MSG.bankUnknown);
  const yucho =
    b.bank_code === YUCHO_BANK_CODE && b.yucho_symbol && b.yucho_number
      ? convertYucho(b.yucho_symbol, b.yucho_number)
      : null;
  const branchCode = yucho?.branch_code ?? b.branch_code!;
  const branch = bank.branches.get(branchCode);
  if (!branch)
    throw ValidationError.field(yucho ? 'yucho_symbol' : 'branch_code', BANK_ACCOUNT_MSG.branchUnknown);
  return {
    purpose: b.purpose,
    bankCode: bank.code,
    bankName: bank.name,
    branchCode: branch.code,
    branchName: branch.name,
    accountType: yucho?.account_type ?? b.account_type!,
    accountNumber: yucho?.account_number ?? b.account_number!,
    accountHolder: b.account_holder,
    yuchoSymbol: yucho ? b.yucho_symbol! : null,
    yuchoNumber: yucho ? b.yucho_number! : null,
  };
}

async function purposeTaken(tx: Db, employeeId: number, purpose: string, exceptId: number | null) {
  const rows = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.employeeId, employeeId), eq(bankAccounts.purpose, purpose as Row['purpose'])));
  return rows.some((r) => r.id !== exceptId);
}

async function findRow(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  if (!row) throw new NotFound();
  return row;
}

async function tell(
  tx: Db,
  ctx: RequestContext,
  owner: RecordOwner,
  action: 'create' | 'update' | 'delete',
  id: number,
  before: Row | null,
  after: Values | null,
): Promise<void> {
  const salary = before?.purpose === 'salary' || after?.purpose === 'salary';
  await recordChange(
    tx,
    {
      owner,
      actorId: ctx.user.id,
      subject: 'bank_account',
      subjectId: id,
      action,
      before: before && snapshot(before),
      after: after && snapshot(after),
    },
    salary
      ? { title: RECORD_MSG.salaryChangedTitle, content: RECORD_MSG.salaryChangedContent(owner.name) }
      : undefined,
  );
  if (salary && owner.userId !== null) {
    const when = new Date().toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });
    await queueLarkNotice(tx, owner.userId, RECORD_MSG.salaryChangedLark(when));
  }
}

export async function listBankAccounts({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TEmployeeRecordQuery;
}): Promise<TBankAccountList> {
  const employee = await readableEmployee(ctx, input.employee);
  const canEdit = employee.userId === ctx.user.id;
  await logRead(ctx, { action: 'view', kind: 'bank_account', subject: employee });
  const rows = await ctx.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.employeeId, employee.id))
    .orderBy(desc(bankAccounts.purpose), asc(bankAccounts.id)); // salary first
  return {
    count: rows.length,
    next: null,
    previous: null,
    results: rows.map((r) => toAccount(r, canEdit)),
    can_edit: canEdit,
  };
}

export async function getBankAccount({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TBankAccount> {
  const row = await findRow(ctx.db, input.id);
  const owner = await readableOwnerOf(ctx, row.employeeId);
  await logRead(ctx, { action: 'view', kind: 'bank_account', recordId: row.id, subject: owner });
  return toAccount(row, owner.userId === ctx.user.id);
}

export async function createBankAccount({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: unknown;
}): Promise<TBankAccount> {
  const owner = await ownEmployee(ctx);
  const values = await valuesOf(input);
  const row = await ctx.db.transaction(async (tx) => {
    if (await purposeTaken(tx, owner.id, values.purpose, null))
      throw ValidationError.field('purpose', BANK_ACCOUNT_MSG.duplicatePurpose);
    const [created] = await tx
      .insert(bankAccounts)
      .values({ ...values, employeeId: owner.id })
      .returning();
    await tell(tx, ctx, owner, 'create', created!.id, null, values);
    return created!;
  });
  return toAccount(row, true);
}

export async function replaceBankAccount({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TBankAccount> {
  const before = await findRow(ctx.db, input.id);
  const owner = await writableOwnerOf(ctx, before.employeeId);
  const values = await valuesOf(input.body);
  const row = await ctx.db.transaction(async (tx) => {
    if (await purposeTaken(tx, owner.id, values.purpose, input.id))
      throw ValidationError.field('purpose', BANK_ACCOUNT_MSG.duplicatePurpose);
    const [updated] = await tx
      .update(bankAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(bankAccounts.id, input.id))
      .returning();
    await tell(tx, ctx, owner, 'update', input.id, before, values);
    return updated!;
  });
  return toAccount(row, true);
}

export async function deleteBankAccount({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<void> {
  const before = await findRow(ctx.db, input.id);
  const owner = await writableOwnerOf(ctx, before.employeeId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, input.id));
    await tell(tx, ctx, owner, 'delete', input.id, before, null);
  });
}
