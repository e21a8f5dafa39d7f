// Leave history (spec §3.6, §7.6 employees/{code}/vacations/…) as written by approved vacation requests.
import { z } from 'zod';

export const ZVacation = z.object({
  id: z.number().int(),
  category: z.string(),
  category_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.number(),
  is_start_half: z.boolean(),
  is_end_half: z.boolean(),
  /** The approved request that entered it. */
  task_id: z.number().int().nullable(),
});
export type TVacation = z.infer<typeof ZVacation>;

/** Paid leave in days: granted and still valid, taken, requested and awaiting approval, left to request. */
export const ZPaidLeaveBalance = z.object({
  granted: z.number(),
  used: z.number(),
  pending: z.number(),
  remaining: z.number(),
});
export type TPaidLeaveBalance = z.infer<typeof ZPaidLeaveBalance>;
