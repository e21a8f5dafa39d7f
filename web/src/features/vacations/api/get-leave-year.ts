import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { vacations } from '@portal/shared/endpoints/vacations';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET paid-vacation/year/{year}/ — my 年次有給休暇管理簿 of the year with the grant judgements. */
export const getPaidLeaveYear = (year: number) => api.call(vacations.paidLeaveYear, { year });

export const paidLeaveYearQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...queryKeys.leave.all, 'year', year] as const,
    queryFn: () => getPaidLeaveYear(year),
  });

export const usePaidLeaveYear = (year: number) => useQuery(paidLeaveYearQueryOptions(year));

/** My register of the year as .xlsx or PDF. */
export const downloadMyRegister = ({ year, pdf }: { year: number; pdf: boolean }) =>
  api.callFile(pdf ? vacations.myRegisterPdf : vacations.myRegister, { year });

export const useDownloadMyRegister = () => useMutation({ mutationFn: downloadMyRegister });
