// GET assets/assets-type/ (spec §3.8): the active types the lending form offers, each with its
// software and whether a unit is 在庫.
import { and, asc, eq, exists } from 'drizzle-orm';
import type { TAssetTypeOption } from '@portal/shared/contracts/assets';
import type { RequestContext } from '../../context.ts';
import { assets, assetTypes, assetTypeSoftware, software } from '../../db/schema/assets.ts';

export async function listTypeOptions({ ctx }: { ctx: RequestContext }): Promise<TAssetTypeOption[]> {
  const types = await ctx.db
    .select({
      id: assetTypes.id,
      name: assetTypes.name,
      validity_period: assetTypes.validityPeriod,
      hardware_information: assetTypes.hardwareInformation,
      inventory: exists(
        ctx.db
          .select({ id: assets.id })
          .from(assets)
          .where(and(eq(assets.assetTypeId, assetTypes.id), eq(assets.status, 'stock'))),
      ),
    })
    .from(assetTypes)
    .where(eq(assetTypes.isActive, true))
    .orderBy(asc(assetTypes.id));
  const offered = await ctx.db
    .select({
      typeId: assetTypeSoftware.assetTypeId,
      software_id: software.id,
      software_name: software.name,
      software_validity_period: software.validityPeriod,
    })
    .from(assetTypeSoftware)
    .innerJoin(software, eq(software.id, assetTypeSoftware.softwareId))
    .orderBy(asc(software.id));
  return types.map((type) => ({
    ...type,
    inventory: Boolean(type.inventory),
    software_list: offered
      .filter((s) => s.typeId === type.id)
      .map(({ software_id, software_name, software_validity_period }) => ({
        software_id,
        software_name,
        software_validity_period,
      })),
  }));
}
