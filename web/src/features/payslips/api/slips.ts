import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TPage } from '@portal/shared/contracts/pagination';
import type {
  TPaymentSlip,
  TPaymentSlipRow,
  TWithholdingSlip,
  TWithholdingSlipRow,
} from '@portal/shared/contracts/slips';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export type SlipKind = 'payment' | 'withholding';

const PATH: Record<SlipKind, string> = { payment: '/payment-slip', withholding: '/withholding' };
const ENTRIES = {
  payment: { list: slips.getPaymentSlip, one: slips.getPaymentSlipOne, pdf: slips.getPaymentSlipPdf },
  withholding: { list: slips.getWithholding, one: slips.getWithholdingOne, pdf: slips.getWithholdingPdf },
} as const;

interface Rows {
  payment: TPaymentSlipRow;
  withholding: TWithholdingSlipRow;
}
interface Details {
  payment: TPaymentSlip;
  withholding: TWithholdingSlip;
}

/** GET payment-slip/?year=&page= or withholding/?year=&page= — my slips of a year (of every year without one, newest first). */
export const getSlips = <K extends SlipKind>(kind: K, year: number | undefined, page: number) =>
  api.call(ENTRIES[kind].list, {}, undefined, { query: { year, page } }) as Promise<TPage<Rows[K]>>;

/** GET payment-slip/{id}/ or withholding/{id}/ — 404 (the not-found page) for a slip not mine. */
export const getSlip = <K extends SlipKind>(kind: K, id: number) =>
  api.call(ENTRIES[kind].one, { id }, undefined, { notFoundPage: true }) as Promise<Details[K]>;

/** The year a list opens on: the newest year with a slip (rows come newest first), else this year. */
export const openingYear = (newestFirst: readonly { year: number }[], thisYear: number): number =>
  newestFirst[0]?.year ?? thisYear;

/**
 * The year shown: ?year= when given; otherwise the newest year with a slip, so a first visit does not
 * open on the current year, whose withholding slip comes out next January (issue 37). Undefined
 * while that is being asked.
 */
export const useShownYear = (kind: SlipKind, chosen: number | undefined, thisYear: number) => {
  const newest = useQuery(
    queryOptions({
      queryKey: queryKeys.slips.newest(kind),
      queryFn: () => getSlips(kind, undefined, 1),
      enabled: chosen === undefined,
    }),
  );
  if (chosen !== undefined) return chosen;
  if (newest.isError) return thisYear;
  return newest.data ? openingYear(newest.data.results, thisYear) : undefined;
};

export const useSlips = <K extends SlipKind>(kind: K, year: number | undefined, page: number) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.slips.list(kind, year ?? 0, page),
      queryFn: () => getSlips(kind, year, page),
      placeholderData: keepPreviousData,
      enabled: year !== undefined,
    }),
  );

export const useSlip = <K extends SlipKind>(kind: K, id: number) =>
  useQuery(queryOptions({ queryKey: queryKeys.slips.detail(kind, id), queryFn: () => getSlip(kind, id) }));

/** The slip as PDF (server-side, Japanese font). */
export const useDownloadSlipPdf = (kind: SlipKind) =>
  useMutation({ mutationFn: (id: number) => api.callFile(ENTRIES[kind].pdf, { id }) });

export const SLIP_PATHS = PATH;
