import { queryOptions, useQuery } from '@tanstack/react-query';
import { company } from '@portal/shared/endpoints/company';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const getCompanyInfo = () => api.call(company.info, {});

export const companyInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.company.info, queryFn: getCompanyInfo, staleTime: 60 * 60_000 });

export const useCompanyInfo = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...companyInfoQueryOptions(), enabled: options.enabled ?? true });
