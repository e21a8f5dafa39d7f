import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TPage } from '@portal/shared/contracts/pagination';
import type {
  TPaymentSlip,
  TPaymentSlipRow,
  TWithholdingSlip,
  TWithholdingSlipRow,
} from '@portal/shared/contracts/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export type SlipKind = 'payment' | 'withholding';

const PATH: Record<SlipKind, string> = { payment: '/payment-slip', withholding: '/withholding' };

interface Rows {
  payment: TPaymentSlipRow;
  withholding: TWithholdingSlipRow;
}
interface Details {
  payment: TPaymentSlip;
  withholding: TWithholdingSlip;
}

/** GET payment-slip/?year=&page= or withholding/?year=&page= — my slips of a year. */
export const getSlips = <K extends SlipKind>(kind: K, year: number, page: number) =>
  api.get<TPage<Rows[K]>>(`${PATH[kind]}/`, { query: { year, page } });

/** GET payment-slip/{id}/ or withholding/{id}/ — 404 (the not-found page) for a slip not mine. */
export const getSlip = <K extends SlipKind>(kind: K, id: number) =>
  api.get<Details[K]>(`${PATH[kind]}/${id}/`, { notFoundPage: true });

export const useSlips = <K extends SlipKind>(kind: K, year: number, page: number) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.slips.list(kind, year, page),
      queryFn: () => getSlips(kind, year, page),
      placeholderData: keepPreviousData,
    }),
  );

export const useSlip = <K extends SlipKind>(kind: K, id: number) =>
  useQuery(queryOptions({ queryKey: queryKeys.slips.detail(kind, id), queryFn: () => getSlip(kind, id) }));

/** The slip as PDF (server-side, Japanese font). */
export const useDownloadSlipPdf = (kind: SlipKind) =>
  useMutation({ mutationFn: (id: number) => api.download(`${PATH[kind]}/${id}/pdf/`) });

export const SLIP_PATHS = PATH;
