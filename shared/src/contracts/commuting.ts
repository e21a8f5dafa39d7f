// Commuting (issue 13, spec §7.6 prev-commuting/, §7.7 stations/?q=, §8.2): the current route is part
// of the employee's record; prev-commuting/ answers last month's change.
import { z } from 'zod';

export const COMMUTING_MSG = {
  /** spec §8.2. */
  noPreviousChange: '先月の通勤変更がありません。',
} as const;

export const ZCommutingRoute = z.object({
  id: z.number().int(),
  from_station: z.string(),
  to_station: z.string(),
  line: z.string(),
  monthly_amount: z.number().int(),
  starts_on: z.string(),
});
export type TCommutingRoute = z.infer<typeof ZCommutingRoute>;

/** GET prev-commuting/ (?employee= for HR): the route that started last month, and the one before. */
export const ZPreviousCommuting = ZCommutingRoute.extend({ previous: ZCommutingRoute.nullable() });
export type TPreviousCommuting = z.infer<typeof ZPreviousCommuting>;

export const ZStationQuery = z.object({ q: z.string().trim().max(50).optional() });
export type TStationQuery = z.infer<typeof ZStationQuery>;

export const ZStation = z.object({
  code: z.number().int(),
  name: z.string(),
  line_name: z.string(),
  pref_code: z.number().int(),
});
export type TStation = z.infer<typeof ZStation>;
