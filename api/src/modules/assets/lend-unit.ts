// Lending a unit and taking it back, inside the caller's transaction. The oldest unit 在庫 of the type
// is taken with FOR UPDATE SKIP LOCKED, so simultaneous approvals each take a different unit, and
// when none is left the approval is refused (409) and writes nothing. A licence's seats are counted
// under its row lock (lendings not returned hold them), so two lendings never take the last seat.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ASSET_FIELDS, ASSET_MSG, dueDateOf } from '@portal/shared/workflow/assets';
import type { Db } from '../../db/client.ts';
import { assetLendings, assets, assetTypes, software, softwareSeats } from '../../db/schema/assets.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { Conflict } from '../../errors.ts';

export interface Lent {
  readonly lendingId: number;
  readonly unitId: number;
  readonly assetId: string;
}

/** Takes a seat of each licence (ascending ids: one lock order for everyone); short → 409, or skipped. */
async function takeSeats(
  tx: Db,
  lendingId: number,
  softwareIds: readonly number[],
  whenShort: 'refuse' | 'skip',
): Promise<void> {
  for (const softwareId of [...softwareIds].sort((a, b) => a - b)) {
    const [licence] = await tx
      .select({ seats: software.seats })
      .from(software)
      .where(eq(software.id, softwareId))
      .for('update');
    if (!licence) continue;
    const [used] = await tx
      .select({ n: count() })
      .from(softwareSeats)
      .innerJoin(assetLendings, eq(assetLendings.id, softwareSeats.lendingId))
      .where(and(eq(softwareSeats.softwareId, softwareId), isNull(assetLendings.returnedOn)));
    if ((used?.n ?? 0) >= licence.seats) {
      if (whenShort === 'refuse') throw new Conflict(ASSET_MSG.outOfStock);
      continue;
    }
    await tx.insert(softwareSeats).values({ lendingId, softwareId });
  }
}

async function monthsOf(tx: Db, typeId: number): Promise<number> {
  const [type] = await tx
    .select({ months: assetTypes.validityPeriod })
    .from(assetTypes)
    .where(eq(assetTypes.id, typeId));
  return type?.months ?? 0;
}

async function writeLending(
  tx: Db,
  unit: { id: number; assetId: string },
  input: { userId: number; taskId: number; months: number; softwareIds: readonly number[]; today: string },
  whenShort: 'refuse' | 'skip',
): Promise<Lent> {
  await tx.update(assets).set({ status: 'lent' }).where(eq(assets.id, unit.id));
  const [lending] = await tx
    .insert(assetLendings)
    .values({
      assetId: unit.id,
      userId: input.userId,
      taskId: input.taskId,
      lentOn: input.today,
      dueOn: dueDateOf(input.today, input.months),
    })
    .returning({ id: assetLendings.id });
  await takeSeats(tx, lending!.id, input.softwareIds, whenShort);
  await tx
    .update(tasks)
    .set({
      values: sql`${tasks.values} || ${JSON.stringify({ [ASSET_FIELDS.assetId]: unit.assetId })}::jsonb`,
    })
    .where(eq(tasks.id, input.taskId));
  return { lendingId: lending!.id, unitId: unit.id, assetId: unit.assetId };
}

/** The oldest unit 在庫 of the type to the applicant of an approved 資材貸出申請; none left: 409. */
export async function lendOldestUnit(
  tx: Db,
  input: {
    typeId: number;
    userId: number;
    taskId: number;
    months: number | null;
    softwareIds: readonly number[];
    today: string;
  },
): Promise<Lent> {
  const [unit] = await tx
    .select({ id: assets.id, assetId: assets.assetId })
    .from(assets)
    .where(and(eq(assets.assetTypeId, input.typeId), eq(assets.status, 'stock')))
    .orderBy(asc(assets.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!unit) throw new Conflict(ASSET_MSG.outOfStock);
  const months = input.months ?? (await monthsOf(tx, input.typeId));
  return writeLending(tx, unit, { ...input, months }, 'refuse');
}

/** A unit just received lent to the applicant of the purchase: the seats still free are taken. */
export async function lendReceivedUnit(
  tx: Db,
  unit: { id: number; assetId: string; typeId: number },
  input: { userId: number; taskId: number; softwareIds: readonly number[]; today: string },
): Promise<Lent> {
  const months = await monthsOf(tx, unit.typeId);
  return writeLending(tx, unit, { ...input, months }, 'skip');
}

/** An approval taken back: the unit back 在庫, its seats freed, the request's 管理番号 cleared. */
export async function undoLending(tx: Db, taskId: number): Promise<void> {
  const lendings = await tx
    .delete(assetLendings)
    .where(and(eq(assetLendings.taskId, taskId), isNull(assetLendings.returnedOn)))
    .returning({ assetId: assetLendings.assetId });
  if (lendings.length)
    await tx
      .update(assets)
      .set({ status: 'stock' })
      .where(
        and(
          inArray(
            assets.id,
            lendings.map((l) => l.assetId),
          ),
          eq(assets.status, 'lent'),
        ),
      );
  await tx
    .update(tasks)
    .set({ values: sql`${tasks.values} || ${JSON.stringify({ [ASSET_FIELDS.assetId]: '' })}::jsonb` })
    .where(eq(tasks.id, taskId));
}

/** 返却: the lending ends today, the unit is back 在庫 (its seats are free: the lending is returned). */
export async function returnLending(tx: Db, lendingId: number, unitId: number, today: string): Promise<void> {
  await tx.update(assetLendings).set({ returnedOn: today }).where(eq(assetLendings.id, lendingId));
  await tx.update(assets).set({ status: 'stock' }).where(eq(assets.id, unitId));
}

/** A deactivated holder's units are to be recalled (要回収); answers their 管理番号. */
export async function markForRecall(tx: Db, userId: number): Promise<string[]> {
  const marked = await tx
    .update(assetLendings)
    .set({ recall: true })
    .where(and(eq(assetLendings.userId, userId), isNull(assetLendings.returnedOn)))
    .returning({ unitId: assetLendings.assetId });
  if (!marked.length) return [];
  const units = await tx
    .select({ assetId: assets.assetId })
    .from(assets)
    .where(
      inArray(
        assets.id,
        marked.map((m) => m.unitId),
      ),
    )
    .orderBy(asc(assets.assetId));
  return units.map((u) => u.assetId);
}
