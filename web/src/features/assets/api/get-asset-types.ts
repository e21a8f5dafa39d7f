import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { assets } from '@portal/shared/endpoints/assets';
import { api } from '@/lib/api-client.ts';

/** The active types the lending form offers (spec §3.8), with stock and software. */
export const getAssetTypes = () => api.call(assets.types, {});

export const assetTypesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.assets.types, queryFn: getAssetTypes });

export const useAssetTypes = () => useQuery(assetTypesQueryOptions());
