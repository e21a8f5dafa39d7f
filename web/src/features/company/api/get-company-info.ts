import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyInfo } from '@portal/shared/contracts/company';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const getCompanyInfo = () => api.get<TCompanyInfo>('/master/company/info');

export const companyInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.company.info, queryFn: getCompanyInfo, staleTime: 60 * 60_000 });

export const useCompanyInfo = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...companyInfoQueryOptions(), enabled: options.enabled ?? true });
