// The console's 資材種別 and ソフトウェア (issue 31): lists, one record, and writes that run through
// consoleChange (one transaction with the audit row). A type's software must exist; a licence's seats
// may not fall below the seats in use.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  TAdminAssetType,
  TAdminAssetTypeRequest,
  TAdminSoftware,
  TAdminSoftwareRequest,
} from '@portal/shared/contracts/assets';
import { FIELD_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  assetLendings,
  assets,
  assetTypes,
  assetTypeSoftware,
  software,
  softwareSeats,
} from '../../db/schema/assets.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { consoleChange, nothingBefore, type OnRecord } from '../admin/console-access.ts';

// ---- 資材種別 ------------------------------------------------------------------------------------

async function loadTypes(db: Db, ids?: readonly number[]): Promise<TAdminAssetType[]> {
  const types = await db
    .select()
    .from(assetTypes)
    .where(ids ? inArray(assetTypes.id, [...ids]) : undefined)
    .orderBy(asc(assetTypes.id));
  if (!types.length) return [];
  const typeIds = types.map((t) => t.id);
  const offered = await db
    .select({ typeId: assetTypeSoftware.assetTypeId, id: software.id, name: software.name })
    .from(assetTypeSoftware)
    .innerJoin(software, eq(software.id, assetTypeSoftware.softwareId))
    .where(inArray(assetTypeSoftware.assetTypeId, typeIds))
    .orderBy(asc(software.id));
  const units = await db
    .select({
      typeId: assets.assetTypeId,
      units: count(),
      inStock: sql<number>`count(*) filter (where ${assets.status} = 'stock')`.mapWith(Number),
    })
    .from(assets)
    .where(inArray(assets.assetTypeId, typeIds))
    .groupBy(assets.assetTypeId);
  return types.map((t) => {
    const mine = offered.filter((s) => s.typeId === t.id);
    const counted = units.find((u) => u.typeId === t.id);
    return {
      id: t.id,
      name: t.name,
      validity_period: t.validityPeriod,
      hardware_information: t.hardwareInformation,
      software_list: mine.map((s) => s.id),
      software_names: mine.map((s) => s.name),
      is_active: t.isActive,
      in_stock: counted?.inStock ?? 0,
      units: counted?.units ?? 0,
    };
  });
}

export const listAssetTypes = ({ ctx }: { ctx: RequestContext }) => loadTypes(ctx.db);

async function typeOrNotFound(db: Db, id: number): Promise<TAdminAssetType> {
  const [type] = await loadTypes(db, [id]);
  if (!type) throw new NotFound();
  return type;
}

export const getAssetType = ({ ctx, input }: OnRecord) => typeOrNotFound(ctx.db, input.id);

async function writeTypeSoftware(tx: Db, typeId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length) {
    const known = await tx.select({ id: software.id }).from(software).where(inArray(software.id, unique));
    if (known.length !== unique.length)
      throw ValidationError.field('software_list', FIELD_MSG.choice('ソフトウェア'));
  }
  await tx.delete(assetTypeSoftware).where(eq(assetTypeSoftware.assetTypeId, typeId));
  if (unique.length)
    await tx
      .insert(assetTypeSoftware)
      .values(unique.map((softwareId) => ({ assetTypeId: typeId, softwareId })));
}

function typeColumns(body: TAdminAssetTypeRequest) {
  return {
    name: body.name,
    validityPeriod: body.validity_period,
    hardwareInformation: body.hardware_information ?? '',
    isActive: body.is_active ?? true,
  };
}

export function createAssetType({ ctx, input }: { ctx: RequestContext; input: TAdminAssetTypeRequest }) {
  return consoleChange(ctx, {
    resource: 'asset_types',
    before: nothingBefore,
    write: async (tx) => {
      const [row] = await tx.insert(assetTypes).values(typeColumns(input)).returning({ id: assetTypes.id });
      await writeTypeSoftware(tx, row!.id, input.software_list ?? []);
      return typeOrNotFound(tx, row!.id);
    },
    audit: (_before, after) => ({
      action: 'create',
      objectId: after.id,
      objectLabel: after.name,
      before: null,
      after,
    }),
  });
}

export function replaceAssetType({ ctx, input }: OnRecord<TAdminAssetTypeRequest>) {
  return consoleChange(ctx, {
    resource: 'asset_types',
    before: (tx) => typeOrNotFound(tx, input.id),
    write: async (tx) => {
      await tx.update(assetTypes).set(typeColumns(input.body)).where(eq(assetTypes.id, input.id));
      await writeTypeSoftware(tx, input.id, input.body.software_list ?? []);
      return typeOrNotFound(tx, input.id);
    },
    audit: (before, after) => ({
      action: 'update',
      objectId: after.id,
      objectLabel: after.name,
      before,
      after,
    }),
  });
}

// ---- ソフトウェア ----------------------------------------------------------------------------------

async function loadSoftware(db: Db, id?: number): Promise<TAdminSoftware[]> {
  const inUse = db
    .select({ softwareId: softwareSeats.softwareId, n: count().as('n') })
    .from(softwareSeats)
    .innerJoin(assetLendings, eq(assetLendings.id, softwareSeats.lendingId))
    .where(isNull(assetLendings.returnedOn))
    .groupBy(softwareSeats.softwareId)
    .as('in_use');
  const rows = await db
    .select({
      id: software.id,
      name: software.name,
      months: software.validityPeriod,
      seats: software.seats,
      inUse: sql<number>`coalesce(${inUse.n}, 0)`.mapWith(Number),
    })
    .from(software)
    .leftJoin(inUse, eq(inUse.softwareId, software.id))
    .where(id === undefined ? undefined : eq(software.id, id))
    .orderBy(asc(software.id));
  return rows.map((r) => ({
    id: r.id,
    software_id: r.id,
    software_name: r.name,
    software_validity_period: r.months,
    seats: r.seats,
    in_use: r.inUse,
  }));
}

export const listSoftware = ({ ctx }: { ctx: RequestContext }) => loadSoftware(ctx.db);

async function softwareOrNotFound(db: Db, id: number): Promise<TAdminSoftware> {
  const [item] = await loadSoftware(db, id);
  if (!item) throw new NotFound();
  return item;
}

export const getSoftware = ({ ctx, input }: OnRecord) => softwareOrNotFound(ctx.db, input.id);

const softwareColumns = (body: TAdminSoftwareRequest) => ({
  name: body.software_name,
  validityPeriod: body.software_validity_period,
  seats: body.seats,
});

export function createSoftware({ ctx, input }: { ctx: RequestContext; input: TAdminSoftwareRequest }) {
  return consoleChange(ctx, {
    resource: 'software',
    before: nothingBefore,
    write: async (tx) => {
      const [row] = await tx.insert(software).values(softwareColumns(input)).returning({ id: software.id });
      return softwareOrNotFound(tx, row!.id);
    },
    audit: (_before, after) => ({
      action: 'create',
      objectId: after.id,
      objectLabel: after.software_name,
      before: null,
      after,
    }),
  });
}

export function replaceSoftware({ ctx, input }: OnRecord<TAdminSoftwareRequest>) {
  return consoleChange(ctx, {
    resource: 'software',
    before: async (tx) => {
      await tx.select({ id: software.id }).from(software).where(eq(software.id, input.id)).for('update');
      return softwareOrNotFound(tx, input.id);
    },
    write: async (tx, before) => {
      if (input.body.seats < before.in_use)
        throw ValidationError.field('seats', FIELD_MSG.min('ライセンス数', before.in_use));
      await tx.update(software).set(softwareColumns(input.body)).where(eq(software.id, input.id));
      return softwareOrNotFound(tx, input.id);
    },
    audit: (before, after) => ({
      action: 'update',
      objectId: after.id,
      objectLabel: after.software_name,
      before,
      after,
    }),
  });
}

/** The type exists (any, active or not), or 400 under the field. */
export async function knownType(db: Db, id: number): Promise<void> {
  const [row] = await db
    .select({ id: assetTypes.id })
    .from(assetTypes)
    .where(and(eq(assetTypes.id, id)));
  if (!row) throw ValidationError.field('asset_type', FIELD_MSG.choice('資材種別'));
}
