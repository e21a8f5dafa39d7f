// The Approval Center's bot routes (approval-instance.ts): a request's instance data, the definition
// Lark created for a workflow, the requests changed lately (the bot's check job), and who a Lark
// user_id is (quick approval names the tenant's user_id, not the open_id), and a user's 承認待ち for
// the app badge, and an approved vacation's Lark time off.
import {
  ZBotApprovalDefinition,
  ZBotApprovalCount,
  ZBotApprovalDefinitionSaved,
  ZBotApprovalInstance,
  ZBotChangedTasks,
  ZBotLarkTenantUser,
  ZBotTimeoff,
  ZBotTimeoffEvent,
  ZBotTimeoffEventDelete,
} from '@portal/shared/contracts/bot-lark-native';
import { bot } from '@portal/shared/endpoints/bot';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { larkBindings } from '../../db/schema/lark.ts';
import { NotFound } from '../../errors.ts';
import { route, type EndpointRouter } from '../../http/route.ts';
import { users } from '../../db/schema/users.ts';
import { countLists } from '../tasks/list-tasks.ts';
import { approvalInstanceData, changedTasks, saveApprovalDefinition } from './approval-instance.ts';
import { larkReachOfUser } from './lark-users.ts';
import { deleteTimeoffEvent, saveTimeoffEvent, timeoffData } from './timeoff.ts';

/** A day at most: the check job asks for the last 10 minutes. */
const MAX_MINUTES = 1440;

export function botApprovalCenterRoutes(on: EndpointRouter, db: Db): void {
  route(on, bot.approvalInstance, { answer: ZBotApprovalInstance }, ({ params }) =>
    approvalInstanceData(db, params.id),
  );
  route(
    on,
    bot.saveApprovalDefinition,
    { body: ZBotApprovalDefinition, answer: ZBotApprovalDefinitionSaved },
    async ({ body }) => {
      await saveApprovalDefinition(db, body);
      return { saved: true };
    },
  );
  const params = ({ minutes }: { minutes: string }) => {
    const value = /^\d{1,4}$/.test(minutes) ? Number(minutes) : NaN;
    if (!(value >= 1 && value <= MAX_MINUTES)) throw new NotFound();
    return { minutes: value };
  };
  route(on, bot.changedTasks, { params, answer: ZBotChangedTasks }, ({ params: { minutes } }) =>
    changedTasks(db, minutes),
  );
  route(
    on,
    bot.larkTenantUser,
    { params: ({ larkUserId }: { larkUserId: string }) => ({ larkUserId }), answer: ZBotLarkTenantUser },
    async ({ params: { larkUserId } }) => {
      const [binding] = larkUserId
        ? await db.select().from(larkBindings).where(eq(larkBindings.userIdInLark, larkUserId))
        : [];
      if (!binding) throw new NotFound();
      return { user_id: binding.userId, open_id: binding.openId };
    },
  );
  route(on, bot.approvalCount, { answer: ZBotApprovalCount }, async ({ params }) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
    if (!user) throw new NotFound();
    // The same count as the sidebar's (account/statistics approval_tasks).
    const counts = await countLists(db, ['approval'], user.id);
    return { user_id: user.id, ...(await larkReachOfUser(db, user.id)), approval_tasks: counts.approval };
  });
  route(on, bot.timeoff, { answer: ZBotTimeoff }, ({ params }) => timeoffData(db, params.id));
  route(
    on,
    bot.saveTimeoffEvent,
    { body: ZBotTimeoffEvent, answer: ZBotApprovalDefinitionSaved },
    async ({ body }) => {
      await saveTimeoffEvent(db, body);
      return { saved: true };
    },
  );
  route(
    on,
    bot.deleteTimeoffEvent,
    { body: ZBotTimeoffEventDelete, answer: ZBotApprovalDefinitionSaved },
    async ({ body }) => {
      await deleteTimeoffEvent(db, body);
      return { saved: true };
    },
  );
}
