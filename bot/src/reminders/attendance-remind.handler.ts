// `attendance.remind` in the dispatch table (worker.ts): a tick of a reminder scheduler.
import { openInLark } from '../cards/links.ts';
import type { BotContext } from '../context.ts';
import type { EventHandler } from '../event-handler.ts';
import { remindAttendance, type ReminderDeps } from './remind-attendance.ts';
import { apiReminders } from './reminders-api.ts';
import { scheduledAt } from './schedulers.ts';
import { DEFAULT_REMINDER_SETTINGS } from '../config/reminder-settings.ts';

export function reminderDeps(ctx: BotContext): ReminderDeps {
  return {
    api: apiReminders({ baseUrl: ctx.config.apiUrl, serviceToken: ctx.config.serviceToken }),
    settings: ctx.config.reminders ?? DEFAULT_REMINDER_SETTINGS,
    linkInLark: (path) => openInLark(ctx.config.lark.applink, ctx.config.publicUrl, path),
    openIds: (people) => ctx.openIds.resolve(people),
    // Everyone's attendance reminder: bulk, behind approval cards.
    sendLark: (payload) => ctx.sendLark(payload, { bulk: true }),
    push: ctx.push ? (key, payload) => ctx.addEvent('push.notify', key, payload) : null,
  };
}

export const attendanceRemindHandler: EventHandler<'attendance.remind'> = async (data, ctx, job) => {
  const run = await remindAttendance(data.payload.kind, scheduledAt(job), reminderDeps(ctx));
  if (run.month) ctx.logger.info({ kind: data.payload.kind, ...run }, 'attendance reminders queued');
  return run;
};
