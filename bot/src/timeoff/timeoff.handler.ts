// A vacation's Lark time off follows its state (LARK_TIMEOFF=on): approved (90), each part of its
// period is an event on the applicant's calendar (client.calendar.timeoffEvent.create, scope
// calendar:timeoff, title 休暇, Asia/Tokyo); approval undone or cancelled, the events are deleted.
// Each event's id is stored with the API as it is made, so a retried job makes only what is missing.
import type { BotContext } from '../context.ts';
import type { EventHandler } from '../event-handler.ts';
import { callLark, LarkError } from '../lark/errors.ts';
import { timeoffParts } from './timeoff-parts.ts';

export const TIMEOFF_TITLE = '休暇';
export const TIMEOFF_TIMEZONE = 'Asia/Tokyo';
/** Lark's answer when the event is already gone (unverified): deleting it again is done. */
const TIMEOFF_NOT_FOUND = 195100;

export const timeoffSyncHandler: EventHandler<'timeoff.sync'> = async ({ payload }, ctx: BotContext) => {
  const settings = ctx.config.larkNative?.timeoff;
  if (!settings || !ctx.lark) return;
  const client = ctx.lark;
  const data = await ctx.api.timeoff(payload.task_id);
  const vacation = data.status === '90' ? data.vacation : null;
  const wanted =
    vacation && (settings.categories.length === 0 || settings.categories.includes(vacation.category_name))
      ? timeoffParts(vacation)
      : [];
  const openId = wanted.length
    ? (await ctx.openIds.resolve([data.applicant])).get(data.applicant.user_id)
    : null;
  const parts = openId ? wanted : [];

  for (const made of data.events.filter((e) => !parts.some((p) => p.part === e.part))) {
    try {
      await callLark(() =>
        client.calendar.timeoffEvent.delete({ path: { timeoff_event_id: made.timeoff_event_id } }),
      );
    } catch (error) {
      if (!(error instanceof LarkError && error.code === TIMEOFF_NOT_FOUND)) throw error;
    }
    await ctx.api.deleteTimeoffEvent({ task_id: data.task_id, part: made.part });
  }
  for (const part of parts.filter((p) => !data.events.some((e) => e.part === p.part))) {
    const res = await callLark(() =>
      client.calendar.timeoffEvent.create({
        params: { user_id_type: 'open_id' },
        data: {
          user_id: openId!,
          timezone: TIMEOFF_TIMEZONE,
          start_time: part.start_time,
          end_time: part.end_time,
          title: TIMEOFF_TITLE,
        },
      }),
    );
    const id = res.data?.timeoff_event_id;
    if (!id) throw new LarkError(null, 200, 'no timeoff_event_id in the answer');
    await ctx.api.saveTimeoffEvent({ task_id: data.task_id, part: part.part, timeoff_event_id: id });
  }
};
