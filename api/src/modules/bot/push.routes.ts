// The bot's push routes: which FCM tokens a user has, and deleting the ones FCM refused for good.
import {
  ZBotPushDevices,
  ZBotPushDevicesDelete,
  ZBotPushDevicesDeleted,
} from '@portal/shared/contracts/bot-push';
import { bot } from '@portal/shared/endpoints/bot';
import type { Db } from '../../db/client.ts';
import { route, type EndpointRouter } from '../../http/route.ts';
import { deleteDevicesByToken, listTokensOfUser } from '../devices/devices.repository.ts';

export function botPushRoutes(on: EndpointRouter, db: Db): void {
  route(on, bot.pushDevices, { answer: ZBotPushDevices }, async ({ params }) => ({
    tokens: await listTokensOfUser(db, params.id),
  }));
  route(
    on,
    bot.deletePushDevices,
    { body: ZBotPushDevicesDelete, answer: ZBotPushDevicesDeleted },
    async ({ body: { tokens } }) => ({ deleted: await deleteDevicesByToken(db, tokens) }),
  );
}
