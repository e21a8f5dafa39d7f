// Reading lendings (GET assets/lend/, issue 31): an employee reads their own (another's is 404);
// holders of assets.view_asset read every one, filtered by 種別, 状態 and 社員. Without a 状態 filter
// the list holds the lendings not returned (貸出中, 期限切れ, 要回収): the /assets screen's 貸出中の資材.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { TLending } from '@portal/shared/contracts/assets';
import type { TLendingQuery } from '@portal/shared/contracts/assets-queries';
import { PERM } from '@portal/shared/permissions';
import { lendingStatus, type TLendingStatus } from '@portal/shared/workflow/assets';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { assetLendings, assets, assetTypes, software, softwareSeats } from '../../db/schema/assets.ts';
import { employees } from '../../db/schema/employees.ts';
import { users } from '../../db/schema/users.ts';
import { tokyoDate } from '../../dates.ts';
import { NotFound } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { PAGE_SIZE } from '@portal/shared/limits';
import { userDisplayName } from '../people/display-names.ts';

function statusWhere(status: TLendingStatus | undefined, today: string): SQL | undefined {
  const open = isNull(assetLendings.returnedOn);
  switch (status) {
    case 'returned':
      return isNotNull(assetLendings.returnedOn);
    case 'recall':
      return and(open, eq(assetLendings.recall, true));
    case 'overdue':
      return and(open, eq(assetLendings.recall, false), lt(assetLendings.dueOn, today));
    case 'lent':
      return and(
        open,
        eq(assetLendings.recall, false),
        or(isNull(assetLendings.dueOn), gte(assetLendings.dueOn, today)),
      );
    default:
      return open;
  }
}

const lendingColumns = {
  id: assetLendings.id,
  assetCode: assets.assetId,
  typeId: assetTypes.id,
  typeName: assetTypes.name,
  userId: assetLendings.userId,
  userName: userDisplayName(users, employees),
  lentOn: assetLendings.lentOn,
  dueOn: assetLendings.dueOn,
  returnedOn: assetLendings.returnedOn,
  recall: assetLendings.recall,
  taskId: assetLendings.taskId,
};

function lendingQuery(db: Db) {
  return db
    .select(lendingColumns)
    .from(assetLendings)
    .innerJoin(assets, eq(assets.id, assetLendings.assetId))
    .innerJoin(assetTypes, eq(assetTypes.id, assets.assetTypeId))
    .innerJoin(users, eq(users.id, assetLendings.userId))
    .leftJoin(employees, eq(employees.userId, users.id));
}

type LendingRow = Awaited<ReturnType<ReturnType<typeof lendingQuery>['execute']>>[number];

/** The rows as the contract answers them, with the software each holds a seat of. */
export async function toLendings(db: Db, rows: readonly LendingRow[]): Promise<TLending[]> {
  const seats = rows.length
    ? await db
        .select({ lendingId: softwareSeats.lendingId, name: software.name })
        .from(softwareSeats)
        .innerJoin(software, eq(software.id, softwareSeats.softwareId))
        .where(
          inArray(
            softwareSeats.lendingId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(software.id))
    : [];
  const today = tokyoDate();
  return rows.map((r) => ({
    id: r.id,
    asset_id: r.assetCode,
    asset_type: { id: r.typeId, name: r.typeName },
    software: seats.filter((s) => s.lendingId === r.id).map((s) => s.name),
    user: { id: r.userId, name: r.userName },
    lent_on: r.lentOn,
    due_on: r.dueOn,
    returned_on: r.returnedOn,
    status: lendingStatus({ returned_on: r.returnedOn, due_on: r.dueOn, recall: r.recall }, today),
    task_id: r.taskId,
  }));
}

/** Lendings of one unit, newest first (the console's history). */
export async function lendingsOfUnit(db: Db, unitId: number): Promise<TLending[]> {
  const rows = await lendingQuery(db)
    .where(eq(assetLendings.assetId, unitId))
    .orderBy(desc(assetLendings.lentOn), desc(assetLendings.id));
  return toLendings(db, rows);
}

export async function listLendings({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TLendingQuery;
}): Promise<{ count: number; results: TLending[] }> {
  const everyone = await ctx.can(PERM.viewAsset);
  const where = and(
    statusWhere(input.status, tokyoDate()),
    input.asset_type === undefined ? undefined : eq(assets.assetTypeId, input.asset_type),
    everyone
      ? input.user === undefined
        ? undefined
        : eq(assetLendings.userId, input.user)
      : eq(assetLendings.userId, ctx.user.id),
  );
  const [total] = await ctx.db
    .select({ n: count() })
    .from(assetLendings)
    .innerJoin(assets, eq(assets.id, assetLendings.assetId))
    .where(where);
  const rows = await lendingQuery(ctx.db)
    .where(where)
    .orderBy(desc(assetLendings.lentOn), desc(assetLendings.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  return { count: total?.n ?? 0, results: await toLendings(ctx.db, rows) };
}

/** One lending, whoever holds it (for the console's answers). */
export async function readLending(db: Db, id: number): Promise<TLending> {
  const [row] = await lendingQuery(db).where(eq(assetLendings.id, id));
  if (!row) throw new NotFound();
  return (await toLendings(db, [row]))[0]!;
}

/** One lending: the holder's own, or any with assets.view_asset; else 404. */
export async function getLending({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TLending> {
  const [row] = await lendingQuery(ctx.db).where(eq(assetLendings.id, input.id));
  if (!row || (row.userId !== ctx.user.id && !(await ctx.can(PERM.viewAsset)))) throw new NotFound();
  return (await toLendings(ctx.db, [row]))[0]!;
}
