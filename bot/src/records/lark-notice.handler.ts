// `records.lark_notice`: one message of text to one user in Lark (the API writes it when someone's
// salary account changes). Sent as textMessage, so nothing in it can mention or link. A user Lark
// cannot reach is skipped.
import { textMessage } from '../cards/text-message.ts';
import type { EventHandler } from '../event-handler.ts';

export const larkNoticeHandler: EventHandler<'records.lark_notice'> = async (data, ctx) => {
  const { user_id, open_id, lookup_email, text } = data.payload;
  const openIds = await ctx.openIds.resolve([{ user_id, open_id, lookup_email }]);
  const openId = openIds.get(user_id);
  if (!openId) return { skipped: 'no Lark user' };
  // Reminders and notices come many at once (five-day leave, return dates, slips, 重要 notices):
  // queued as bulk, they keep their order among themselves while approval cards and results go first.
  await ctx.sendLark(
    { key: data.key.slice(0, 50), open_id: openId, ...textMessage(text), card: null },
    { bulk: true },
  );
  return { sent: true };
};
