// The bot's attendance-reminder routes (bot credential only, api/src/modules/bot/reminders.routes.ts).
import { z } from 'zod';

/** GET /api/bot/business-days/{year}/{month}/ — the month's 所定労働日 by the company calendar. */
export const ZBotBusinessDays = z.object({ dates: z.array(z.iso.date()) });
export type TBotBusinessDays = z.infer<typeof ZBotBusinessDays>;

export const ZBotUnsubmittedEmployee = z.object({
  user_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Their Lark user (stored at Lark sign-in or found by e-mail); null: not known (yet). */
  open_id: z.string().nullable(),
  /** With no open_id: the e-mail address to look their Lark user up by (bot-lark-users.ts). */
  lookup_email: z.string().nullable(),
});
export type TBotUnsubmittedEmployee = z.infer<typeof ZBotUnsubmittedEmployee>;

/**
 * GET /api/bot/attendance/unsubmitted/{year}/{month}/ — every employee who should report the month
 * and has not submitted it (none in progress or approved; a report sent back still counts), by code.
 */
export const ZBotUnsubmittedAttendance = z.object({
  year: z.number().int(),
  month: z.number().int(),
  /** The portal page where the month is entered and submitted. */
  form_path: z.string(),
  employees: z.array(ZBotUnsubmittedEmployee),
});
export type TBotUnsubmittedAttendance = z.infer<typeof ZBotUnsubmittedAttendance>;
