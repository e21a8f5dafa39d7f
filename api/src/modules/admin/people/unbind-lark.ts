// DELETE admin/people/{id}/lark/: the bot no longer messages the person until they sign in from Lark.
import { eq } from 'drizzle-orm';
import { larkBindings } from '../../../db/schema/lark.ts';
import { Conflict } from '../../../errors.ts';
import { PEOPLE_MSG } from './messages.ts';
import { accountOf, changePerson } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

export function unbindLark(on: OnRecord) {
  return changePerson(on, {
    action: 'unbind_lark',
    write: async (tx, before) => {
      const userId = await accountOf(on.ctx, tx, before);
      const removed = await tx
        .delete(larkBindings)
        .where(eq(larkBindings.userId, userId))
        .returning({ openId: larkBindings.openId });
      if (removed.length === 0) throw new Conflict(PEOPLE_MSG.noLark);
    },
    audit: () => ({ before: { lark_bound: true }, after: { lark_bound: false } }),
  });
}
