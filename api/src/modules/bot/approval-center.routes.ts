// The Approval Center's bot routes (approval-instance.ts): a request's instance data, the definition
// Lark created for a workflow, the requests changed lately (the bot's check job), and who a Lark
// user_id is (quick approval names the tenant's user_id, not the open_id).
import {
  ZBotApprovalDefinition,
  ZBotApprovalDefinitionSaved,
  ZBotApprovalInstance,
  ZBotChangedTasks,
  ZBotLarkTenantUser,
} from '@portal/shared/contracts/bot-lark-native';
import { bot } from '@portal/shared/endpoints/bot';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { larkBindings } from '../../db/schema/lark.ts';
import { NotFound } from '../../errors.ts';
import { route, type EndpointRouter } from '../../http/route.ts';
import { approvalInstanceData, changedTasks, saveApprovalDefinition } from './approval-instance.ts';

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
}
