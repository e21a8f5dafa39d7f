// Emergency contacts (account/contacts/, account/contacts/{id}/): the employee's own, in priority
// order 1..n. Changes are saved at once, recorded with the value before and told to HR in the bell;
// HR reads anyone's with ?employee=; anyone else gets 404.
import { asc, eq, sql } from 'drizzle-orm';
import {
  CONTACT_MSG,
  MAX_CONTACTS,
  ZContactRequest,
  type TContact,
  type TContactBody,
  type TContactList,
} from '@portal/shared/contracts/contacts';
import type { TEmployeeRecordQuery } from '@portal/shared/contracts/bank-accounts';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { emergencyContacts } from '../../db/schema/records.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { ownEmployee, readableEmployee, readableOwnerOf, writableOwnerOf } from './record-access.ts';
import { recordChange } from './record-changes.ts';

type Row = typeof emergencyContacts.$inferSelect;

/** The first key of the advisory lock on one employee's contacts (the second is the employee). */
const CONTACTS_LOCK_CLASS = 7313;

function toContact(row: Row, canEdit: boolean): TContact {
  return {
    id: row.id,
    employee: row.employeeId,
    name: row.name,
    name_kana: row.nameKana,
    relationship: row.relationship,
    phone: row.phone,
    address: row.address,
    priority: row.priority,
    can_edit: canEdit,
  };
}

function snapshot(row: Pick<Row, 'name' | 'nameKana' | 'relationship' | 'phone' | 'address' | 'priority'>) {
  return {
    name: row.name,
    name_kana: row.nameKana,
    relationship: row.relationship,
    phone: row.phone,
    address: row.address,
    priority: row.priority,
  };
}

function parse(body: unknown): TContactBody {
  const result = ZContactRequest.safeParse(body ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

function valuesOf(body: TContactBody) {
  return {
    name: body.name,
    nameKana: body.name_kana,
    relationship: body.relationship,
    phone: body.phone,
    address: body.address,
  };
}

/** The employee's contacts under a lock held to the end of the transaction, in order. */
async function lockedContacts(tx: Db, employeeId: number): Promise<Row[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTACTS_LOCK_CLASS}, ${employeeId})`);
  return tx
    .select()
    .from(emergencyContacts)
    .where(eq(emergencyContacts.employeeId, employeeId))
    .orderBy(asc(emergencyContacts.priority), asc(emergencyContacts.id));
}

/** Gives the ids in this order the priorities 1..n. */
async function renumber(tx: Db, ordered: readonly Row[]): Promise<void> {
  for (const [index, row] of ordered.entries()) {
    if (row.priority !== index + 1)
      await tx
        .update(emergencyContacts)
        .set({ priority: index + 1 })
        .where(eq(emergencyContacts.id, row.id));
  }
}

function placed(rows: readonly Row[], row: Row, priority: number | undefined): Row[] {
  const rest = rows.filter((r) => r.id !== row.id);
  const at = Math.min(priority ?? rest.length + 1, rest.length + 1) - 1;
  return [...rest.slice(0, at), row, ...rest.slice(at)];
}

async function findRow(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(emergencyContacts).where(eq(emergencyContacts.id, id));
  if (!row) throw new NotFound();
  return row;
}

async function reread(db: Db, id: number): Promise<Row> {
  return findRow(db, id);
}

export async function listContacts({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TEmployeeRecordQuery;
}): Promise<TContactList> {
  const employee = await readableEmployee(ctx, input.employee);
  const canEdit = employee.userId === ctx.user.id;
  const rows = await ctx.db
    .select()
    .from(emergencyContacts)
    .where(eq(emergencyContacts.employeeId, employee.id))
    .orderBy(asc(emergencyContacts.priority), asc(emergencyContacts.id));
  return {
    count: rows.length,
    next: null,
    previous: null,
    results: rows.map((r) => toContact(r, canEdit)),
    can_edit: canEdit,
  };
}

export async function getContact({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  const row = await findRow(ctx.db, input.id);
  const owner = await readableOwnerOf(ctx, row.employeeId);
  return toContact(row, owner.userId === ctx.user.id);
}

export async function createContact({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: unknown;
}): Promise<TContact> {
  const owner = await ownEmployee(ctx);
  const body = parse(input);
  const id = await ctx.db.transaction(async (tx) => {
    const rows = await lockedContacts(tx, owner.id);
    if (rows.length >= MAX_CONTACTS) throw ValidationError.field('non_field_errors', CONTACT_MSG.tooMany);
    const [created] = await tx
      .insert(emergencyContacts)
      .values({ ...valuesOf(body), employeeId: owner.id, priority: rows.length + 1 })
      .returning();
    await renumber(tx, placed(rows, created!, body.priority));
    const saved = await reread(tx, created!.id);
    await recordChange(tx, {
      owner,
      actorId: ctx.user.id,
      subject: 'emergency_contact',
      subjectId: saved.id,
      action: 'create',
      before: null,
      after: snapshot(saved),
    });
    return saved.id;
  });
  return toContact(await reread(ctx.db, id), true);
}

export async function replaceContact({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TContact> {
  const existing = await findRow(ctx.db, input.id);
  const owner = await writableOwnerOf(ctx, existing.employeeId);
  const body = parse(input.body);
  await ctx.db.transaction(async (tx) => {
    const rows = await lockedContacts(tx, owner.id);
    const before = rows.find((r) => r.id === input.id);
    if (!before) throw new NotFound();
    await tx.update(emergencyContacts).set(valuesOf(body)).where(eq(emergencyContacts.id, input.id));
    await renumber(tx, placed(rows, before, body.priority ?? before.priority));
    await recordChange(tx, {
      owner,
      actorId: ctx.user.id,
      subject: 'emergency_contact',
      subjectId: input.id,
      action: 'update',
      before: snapshot(before),
      after: snapshot(await reread(tx, input.id)),
    });
  });
  return toContact(await reread(ctx.db, input.id), true);
}

export async function deleteContact({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  const existing = await findRow(ctx.db, input.id);
  const owner = await writableOwnerOf(ctx, existing.employeeId);
  await ctx.db.transaction(async (tx) => {
    const rows = await lockedContacts(tx, owner.id);
    const before = rows.find((r) => r.id === input.id);
    if (!before) throw new NotFound();
    await tx.delete(emergencyContacts).where(eq(emergencyContacts.id, input.id));
    await renumber(
      tx,
      rows.filter((r) => r.id !== input.id),
    );
    await recordChange(tx, {
      owner,
      actorId: ctx.user.id,
      subject: 'emergency_contact',
      subjectId: input.id,
      action: 'delete',
      before: snapshot(before),
      after: null,
    });
  });
}
