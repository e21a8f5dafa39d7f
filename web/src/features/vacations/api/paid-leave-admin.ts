import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { vacations } from '@portal/shared/endpoints/vacations';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET paid-vacation/obligation/at-risk/ — who is short of the five-day obligation (HR). */
export const getObligationAtRisk = () => api.call(vacations.obligationAtRisk, {});

export const obligationAtRiskQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.leave.all, 'at-risk'] as const, queryFn: getObligationAtRisk });

export const useObligationAtRisk = () => useQuery(obligationAtRiskQueryOptions());

/** The 年次有給休暇管理簿 of an organisation and year as .xlsx (HR). */
export const downloadRegister = (query: { year: number; organization: number }) =>
  api.callFile(vacations.register, {}, { query });

export const useDownloadRegister = () => useMutation({ mutationFn: downloadRegister });
