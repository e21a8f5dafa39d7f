// The two job schedulers of the attendance reminders, on the events queue. upsertJobScheduler is
// idempotent and lives in Redis: every replica calls it at start, and Redis holds one schedule (and
// so one tick) per id whatever number of replicas run.
import type { Job, Queue } from 'bullmq';
import type { TAttendanceReminderPayload, TEventJobData } from '@portal/shared/contracts/bot-jobs';
import type { ReminderSettings } from '../config/reminder-settings.ts';

export const REMINDER_SCHEDULERS = {
  month_end: 'attendance-remind-month-end',
  next_month: 'attendance-remind-next-month',
} as const satisfies Record<TAttendanceReminderPayload['kind'], string>;

export async function upsertReminderSchedulers(events: Queue, settings: ReminderSettings): Promise<void> {
  const patterns = { month_end: settings.monthEndCron, next_month: settings.nextMonthCron };
  for (const kind of ['month_end', 'next_month'] as const) {
    const id = REMINDER_SCHEDULERS[kind];
    if (!settings.enabled) {
      await events.removeJobScheduler(id);
      continue;
    }
    const data: TEventJobData<'attendance.remind'> = { key: id, payload: { kind } };
    await events.upsertJobScheduler(
      id,
      { pattern: patterns[kind], tz: settings.timeZone },
      { name: 'attendance.remind', data },
    );
  }
}

/**
 * The time a tick was scheduled for: the reminder day is that day even when the tick runs late
 * (the bot was down, or the job is retried after midnight). A job added by hand: when it was added.
 */
export function scheduledAt(job: Pick<Job, 'opts' | 'timestamp'>): Date {
  return new Date(job.opts.prevMillis ?? job.timestamp);
}
