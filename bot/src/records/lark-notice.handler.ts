// `records.lark_notice`: one text message to one user in Lark (the API writes it when someone's
// salary account changes). A user Lark cannot reach is skipped.
import type { EventHandler } from '../event-handler.ts';

export const larkNoticeHandler: EventHandler<'records.lark_notice'> = async (data, ctx) => {
  const { user_id, open_id, lookup_email, text } = data.payload;
  const openIds = await ctx.openIds.resolve([{ user_id, open_id, lookup_email }]);
  const openId = openIds.get(user_id);
  if (!openId) return { skipped: 'no Lark user' };
  await ctx.sendLark({
    key: data.key.slice(0, 50),
    open_id: openId,
    msg_type: 'text',
    content: { text },
    card: null,
  });
  return { sent: true };
};
