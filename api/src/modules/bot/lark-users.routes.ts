// The bot stores the Lark users it found by e-mail (lark-users.ts).
import { ZBotLarkUsersFound, ZBotLarkUsersSaved } from '@portal/shared/contracts/bot-lark-users';
import { bot } from '@portal/shared/endpoints/bot';
import type { Db } from '../../db/client.ts';
import { route, type EndpointRouter } from '../../http/route.ts';
import { saveLarkUsersFound } from './lark-users.ts';

export function botLarkUsersRoutes(on: EndpointRouter, db: Db): void {
  route(
    on,
    bot.saveLarkUsers,
    { body: ZBotLarkUsersFound, answer: ZBotLarkUsersSaved },
    async ({ body: { users } }) => ({ saved: await saveLarkUsersFound(db, users) }),
  );
}
