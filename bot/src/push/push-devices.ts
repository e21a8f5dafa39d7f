// PushDevices over the API's bot-internal routes (api/src/modules/bot/push.routes.ts).
import { ZBotPushDevices, ZBotPushDevicesDeleted } from '@portal/shared/contracts/bot-push';
import { bot } from '@portal/shared/endpoints/bot';
import { callEndpoint, type ServiceEndpoint } from '../api/service-call.ts';
import type { PushDevices } from './send-push.ts';

/** The delete route takes one sendEach batch at a time. */
const DELETE_BATCH = 500;

export function apiPushDevices(endpoint: ServiceEndpoint): PushDevices {
  return {
    async tokensOf(userId) {
      const { tokens } = await callEndpoint(endpoint, bot.pushDevices, ZBotPushDevices, { id: userId });
      return tokens;
    },
    async remove(tokens) {
      for (let i = 0; i < tokens.length; i += DELETE_BATCH) {
        await callEndpoint(
          endpoint,
          bot.deletePushDevices,
          ZBotPushDevicesDeleted,
          {},
          {
            body: { tokens: tokens.slice(i, i + DELETE_BATCH) },
          },
        );
      }
    },
  };
}
