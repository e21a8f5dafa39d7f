// The lending list's query (GET assets/lend/, issue 31), which only the API parses: classic zod, kept
// apart from the console's body contracts (assets.ts, zod/mini) so the web never loads it.
import { z } from 'zod';
import {
  ASSET_STATUSES,
  LENDING_STATUSES,
  type TAssetStatus,
  type TLendingStatus,
} from '../workflow/assets.ts';
import { ZPageQuery } from './pagination.ts';

export const ZLendingQuery = ZPageQuery.extend({
  asset_type: z.coerce.number().int().positive().optional().catch(undefined),
  status: z
    .enum(LENDING_STATUSES.map((s) => s.value) as [TLendingStatus, ...TLendingStatus[]])
    .optional()
    .catch(undefined),
  user: z.coerce.number().int().positive().optional().catch(undefined),
});
export type TLendingQuery = z.infer<typeof ZLendingQuery>;

export const ZAdminAssetQuery = ZPageQuery.extend({
  asset_type: z.coerce.number().int().positive().optional().catch(undefined),
  status: z
    .enum(ASSET_STATUSES.map((s) => s.value) as [TAssetStatus, ...TAssetStatus[]])
    .optional()
    .catch(undefined),
  query: z.string().max(50).optional().catch(undefined),
});
export type TAdminAssetQuery = z.infer<typeof ZAdminAssetQuery>;
