// PushDevices over the API's bot-internal routes (api/src/modules/bot/push.routes.ts).
import { ZBotPushDevices, ZBotPushDevicesDeleted } from '@portal/shared/contracts/bot-push';
import { serviceCall, type ServiceEndpoint } from '../api/service-call.ts';
import type { PushDevices } from './send-push.ts';

/** The delete route takes one sendEach batch at a time. */
const DELETE_BATCH = 500;

export function apiPushDevices(endpoint: ServiceEndpoint): PushDevices {
  return {
    async tokensOf(userId) {
      const { tokens } = await serviceCall(
        endpoint,
        ZBotPushDevices,
        'GET',
        `/bot/users/${userId}/push-devices/`,
      );
      return tokens;
    },
    async remove(tokens) {
      for (let i = 0; i < tokens.length; i += DELETE_BATCH) {
        await serviceCall(endpoint, ZBotPushDevicesDeleted, 'POST', '/bot/push-devices/delete/', {
          body: { tokens: tokens.slice(i, i + DELETE_BATCH) },
        });
      }
    },
  };
}
