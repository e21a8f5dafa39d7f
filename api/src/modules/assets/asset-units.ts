// The console's 資材 (issue 31): the units with their lending history, a unit added or changed, and
// 返却. A unit 貸出中 changes state only through 返却 (or the approval taken back); no unit becomes
// 貸出中 by hand.
import { and, asc, count, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { TAdminAsset, TAdminAssetDetail, TAdminAssetRequest } from '@portal/shared/contracts/assets';
import type { TAdminAssetQuery } from '@portal/shared/contracts/assets-queries';
import { PAGE_SIZE } from '@portal/shared/limits';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { assetLendings, assets, assetTypes } from '../../db/schema/assets.ts';
import { tokyoDate } from '../../dates.ts';
import { Conflict, NotFound, ValidationError } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { consoleChange, nothingBefore, type OnRecord } from '../admin/console-access.ts';
import { knownType } from './asset-masters.ts';
import { lendingsOfUnit } from './lendings.ts';
import { returnLending } from './lend-unit.ts';

export const ASSET_UNIT_MSG = {
  notLent: 'この資材は貸出中ではありません。',
  lentByHand: '貸出中にするには資材貸出申請を承認してください。',
  stillLent: '貸出中の資材は返却してから状態を変更してください。',
} as const;

const unitColumns = {
  id: assets.id,
  assetId: assets.assetId,
  typeId: assetTypes.id,
  typeName: assetTypes.name,
  serialNumber: assets.serialNumber,
  status: assets.status,
  disposalReason: assets.disposalReason,
  purchasedOn: assets.purchasedOn,
  remark: assets.remark,
};

function unitQuery(db: Db) {
  return db.select(unitColumns).from(assets).innerJoin(assetTypes, eq(assetTypes.id, assets.assetTypeId));
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof unitQuery>['execute']>>[number];

function toUnit(row: UnitRow, history: TAdminAssetDetail['history']): TAdminAsset {
  return {
    id: row.id,
    asset_id: row.assetId,
    asset_type: { id: row.typeId, name: row.typeName },
    serial_number: row.serialNumber,
    status: row.status,
    disposal_reason: row.disposalReason,
    purchased_on: row.purchasedOn,
    remark: row.remark,
    lending: history.find((l) => l.returned_on === null) ?? null,
  };
}

export async function listUnits({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TAdminAssetQuery;
}): Promise<{ count: number; results: TAdminAsset[] }> {
  const where: SQL | undefined = and(
    input.asset_type === undefined ? undefined : eq(assets.assetTypeId, input.asset_type),
    input.status === undefined ? undefined : eq(assets.status, input.status),
    input.query ? ilike(assets.assetId, `%${input.query.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(assets).where(where);
  const rows = await unitQuery(ctx.db)
    .where(where)
    .orderBy(asc(assets.assetId))
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  const results = [];
  for (const row of rows)
    results.push(toUnit(row, row.status === 'lent' ? await lendingsOfUnit(ctx.db, row.id) : []));
  return { count: total?.n ?? 0, results };
}

export async function unitDetail(db: Db, id: number): Promise<TAdminAssetDetail> {
  const [row] = await unitQuery(db).where(eq(assets.id, id));
  if (!row) throw new NotFound();
  const history = await lendingsOfUnit(db, id);
  return { ...toUnit(row, history), history };
}

export const getUnit = ({ ctx, input }: OnRecord) => unitDetail(ctx.db, input.id);

function columnsOf(body: TAdminAssetRequest) {
  const status = body.status ?? 'stock';
  return {
    assetId: body.asset_id,
    assetTypeId: body.asset_type,
    serialNumber: body.serial_number ?? '',
    status,
    disposalReason: status === 'disposed' ? (body.disposal_reason ?? '') : '',
    purchasedOn: body.purchased_on ?? null,
    remark: body.remark ?? '',
  };
}

async function uniqueCode(tx: Db, code: string, exceptId: number | null): Promise<void> {
  const [taken] = await tx.select({ id: assets.id }).from(assets).where(eq(assets.assetId, code));
  if (taken && taken.id !== exceptId)
    throw ValidationError.field('asset_id', `管理番号「${code}」はすでに登録されています。`);
}

export function createUnit({ ctx, input }: { ctx: RequestContext; input: TAdminAssetRequest }) {
  return consoleChange(ctx, {
    resource: 'assets',
    before: nothingBefore,
    write: async (tx) => {
      if (input.status === 'lent') throw ValidationError.field('status', ASSET_UNIT_MSG.lentByHand);
      await knownType(tx, input.asset_type);
      await uniqueCode(tx, input.asset_id, null);
      const [row] = await tx.insert(assets).values(columnsOf(input)).returning({ id: assets.id });
      return unitDetail(tx, row!.id);
    },
    audit: (_before, after) => ({
      action: 'create',
      objectId: after.id,
      objectLabel: after.asset_id,
      before: null,
      after: { ...after, history: undefined },
    }),
  });
}

async function lockUnit(tx: Db, id: number): Promise<TAdminAssetDetail> {
  const [row] = await tx.select({ id: assets.id }).from(assets).where(eq(assets.id, id)).for('update');
  if (!row) throw new NotFound();
  return unitDetail(tx, id);
}

export function replaceUnit({ ctx, input }: OnRecord<TAdminAssetRequest>) {
  return consoleChange(ctx, {
    resource: 'assets',
    before: (tx) => lockUnit(tx, input.id),
    write: async (tx, before) => {
      const status = input.body.status ?? before.status;
      if (before.status === 'lent' && status !== 'lent') throw new Conflict(ASSET_UNIT_MSG.stillLent);
      if (before.status !== 'lent' && status === 'lent')
        throw ValidationError.field('status', ASSET_UNIT_MSG.lentByHand);
      await knownType(tx, input.body.asset_type);
      await uniqueCode(tx, input.body.asset_id, input.id);
      await tx
        .update(assets)
        .set(columnsOf({ ...input.body, status }))
        .where(eq(assets.id, input.id));
      return unitDetail(tx, input.id);
    },
    audit: (before, after) => ({
      action: 'update',
      objectId: after.id,
      objectLabel: after.asset_id,
      before: { ...before, history: undefined },
      after: { ...after, history: undefined },
    }),
  });
}

/** 返却 (confirmed in the console): the lending ends today and the unit is back 在庫. */
export function returnUnit({ ctx, input }: OnRecord) {
  return consoleChange(ctx, {
    resource: 'assets',
    before: (tx) => lockUnit(tx, input.id),
    write: async (tx, before) => {
      const [open] = await tx
        .select({ id: assetLendings.id })
        .from(assetLendings)
        .where(and(eq(assetLendings.assetId, input.id), isNull(assetLendings.returnedOn)));
      if (before.status !== 'lent' || !open) throw new Conflict(ASSET_UNIT_MSG.notLent);
      await returnLending(tx, open.id, input.id, tokyoDate());
      return unitDetail(tx, input.id);
    },
    audit: (before, after) => ({
      action: 'return_asset',
      objectId: after.id,
      objectLabel: after.asset_id,
      before: { status: before.status, lending: before.lending?.id ?? null },
      after: { status: after.status },
    }),
  });
}
