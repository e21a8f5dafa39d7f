// The bot-internal routes (service credential only, as the table declares): what a task's cards
// show, and which cards were posted for it, so that any later event can update them; the push,
// reminder and Lark-user routes beside them.
import {
  ZBotCardMessage,
  ZBotCardMessages,
  ZBotCardRecorded,
  ZBotTaskCard,
} from '@portal/shared/contracts/bot-jobs';
import { bot } from '@portal/shared/endpoints/bot';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { taskCardData } from './card-data.ts';
import { cardMessagesOfTask, recordCardMessage } from './card-messages.repository.ts';
import { botApprovalCenterRoutes } from './approval-center.routes.ts';
import { botLarkUsersRoutes } from './lark-users.routes.ts';
import { botPushRoutes } from './push.routes.ts';
import { botRemindersRoutes } from './reminders.routes.ts';

export const botModule = moduleOf('bot', bot, (deps) => {
  const on = endpointRouter(deps);
  const { db } = deps;
  route(on, bot.taskCard, { answer: ZBotTaskCard }, ({ params }) => taskCardData(db, params.id));
  route(on, bot.cardMessages, { answer: ZBotCardMessages }, ({ params }) =>
    cardMessagesOfTask(db, params.id),
  );
  route(
    on,
    bot.recordCardMessage,
    { body: ZBotCardMessage, status: 201, answer: ZBotCardRecorded },
    ({ body }) => recordCardMessage(db, body),
  );
  botPushRoutes(on, db);
  botRemindersRoutes(on, db);
  botLarkUsersRoutes(on, db);
  botApprovalCenterRoutes(on, db);
  return on.router;
});
