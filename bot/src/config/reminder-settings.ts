// When attendance reminders run (docs/bot.md "Attendance reminders"). Two BullMQ job schedulers tick
// on their cron; each tick checks the company's business days and reminds only on its days.
import { z } from 'zod';
import { BotConfigError } from './config-error.ts';

const zCron = z
  .string()
  .trim()
  .regex(/^\S+( \S+){4,5}$/, 'a cron pattern of 5 or 6 fields, e.g. 0 0 10 * * 1-5');
const zTimeZone = z
  .string()
  .trim()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone, e.g. Asia/Tokyo');

const ZReminderEnv = z.object({
  ATTENDANCE_REMINDERS: z.enum(['on', 'off']).default('on'),
  /** Ticks of the month-end reminder (default weekdays 10:00). */
  REMINDER_MONTH_END_CRON: zCron.default('0 0 10 * * 1-5'),
  /** Ticks of the next-month reminder (default weekdays 10:00). */
  REMINDER_NEXT_MONTH_CRON: zCron.default('0 0 10 * * 1-5'),
  REMINDER_TZ: zTimeZone.default('Asia/Tokyo'),
  /** How many business days before the month's last one the month-end reminder goes out. */
  REMINDER_DAYS_BEFORE_MONTH_END: z.coerce.number().int().min(1).max(10).default(1),
  /** On how many of the next month's first business days the late reminder goes out. */
  REMINDER_FIRST_BUSINESS_DAYS: z.coerce.number().int().min(0).max(10).default(3),
});

export interface ReminderSettings {
  readonly enabled: boolean;
  readonly monthEndCron: string;
  readonly nextMonthCron: string;
  readonly timeZone: string;
  readonly daysBeforeMonthEnd: number;
  readonly firstBusinessDays: number;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = loadReminderSettings({});

export function loadReminderSettings(env: Record<string, string | undefined>): ReminderSettings {
  const parsed = ZReminderEnv.safeParse(
    // An empty variable in a .env file means "the default".
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) throw BotConfigError.fromZod(parsed.error);
  const e = parsed.data;
  return {
    enabled: e.ATTENDANCE_REMINDERS === 'on',
    monthEndCron: e.REMINDER_MONTH_END_CRON,
    nextMonthCron: e.REMINDER_NEXT_MONTH_CRON,
    timeZone: e.REMINDER_TZ,
    daysBeforeMonthEnd: e.REMINDER_DAYS_BEFORE_MONTH_END,
    firstBusinessDays: e.REMINDER_FIRST_BUSINESS_DAYS,
  };
}
