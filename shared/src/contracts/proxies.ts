// Approval proxies (spec §2.1 /proxies, §7.2 account/proxies/): while a proxy's period runs, tasks
// awaiting the principal also await the proxy.
import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';
import { isValidDate } from '../workflow/field-values.ts';
import { ZPageQuery } from './pagination.ts';

const ZDate = (label: string) =>
  z.string(FIELD_MSG.required(label)).refine(isValidDate, FIELD_MSG.date(label));

/**
 * POST /api/account/proxies/ and PUT /api/account/proxies/{id}/: the caller is the principal.
 * Periods of one principal may not overlap (400 non_field_errors).
 */
export const ZProxyRequest = z
  .object({
    proxy_id: z.number(FIELD_MSG.required('代理承認者')).int().positive(),
    start_date: ZDate('開始日'),
    end_date: ZDate('終了日'),
  })
  .refine((p) => p.end_date >= p.start_date, {
    path: ['end_date'],
    message: FIELD_MSG.dateOrder('終了日', '開始日'),
  });
export type TProxyRequest = z.infer<typeof ZProxyRequest>;

export const ZProxy = z.object({
  id: z.number().int(),
  principal_id: z.number().int(),
  principal_name: z.string(),
  proxy_id: z.number().int(),
  proxy_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Today (Asia/Tokyo) lies in the period. */
  is_active: z.boolean(),
  /** True for rows where the caller is the proxy (read-only for them). */
  is_mine_as_proxy: z.boolean(),
});
export type TProxy = z.infer<typeof ZProxy>;

/** GET /api/account/proxies/?page=N — the caller's proxies, and where the caller stands in; newest first. */
export const ZProxyListQuery = ZPageQuery;
