import { z } from 'zod';
import { ZAttendanceMonthStatus } from './attendance.ts';
import { ZNoticeRow } from './notices.ts';

/** GET /api/home/ — what /home shows beside the tasks and the bell (issue 30). */
export const ZHome = z.object({
  /** This month's attendance; null without an employee record. */
  attendance: z
    .object({
      year: z.number().int(),
      month: z.number().int(),
      status: ZAttendanceMonthStatus,
      status_name: z.string(),
      /** The report once submitted, else null (the form is the attendance workflow's). */
      task_id: z.number().int().nullable(),
      workflow_id: z.number().int().nullable(),
    })
    .nullable(),
  /** Paid leave; null without an employee record. */
  paid_leave: z
    .object({
      remaining_days: z.number(),
      /** The next lapse: the date and the days that lapse then. */
      next_lapse: z.object({ date: z.string(), days: z.number() }).nullable(),
      /** The 年5日 obligation of the current grant year, when it applies. */
      obligation: z
        .object({ required_days: z.number(), taken_days: z.number(), deadline: z.string() })
        .nullable(),
    })
    .nullable(),
  /** The next 3 company days off after today (national holidays and the company's own). */
  days_off: z.array(z.object({ date: z.string(), name: z.string() })),
  /** The caller's 3 most submitted workflows in the last 12 months. */
  frequent_workflows: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  /** お知らせ: the 3 newest addressed to the caller and live now, each with whether they opened it. */
  notices: z.array(ZNoticeRow),
});
export type THome = z.infer<typeof ZHome>;
