// The bot's device routes (bot credential only, api/src/modules/bot/push.routes.ts): a push.notify job
// reads the user's FCM tokens, then deletes those FCM called dead.
import { z } from 'zod';

/** GET /api/bot/users/{id}/push-devices/ — every token the user registered (POST firebase-devices/). */
export const ZBotPushDevices = z.object({ tokens: z.array(z.string()) });
export type TBotPushDevices = z.infer<typeof ZBotPushDevices>;

/** POST /api/bot/push-devices/delete/ — at most one sendEach batch of tokens; unknown ones are ignored. */
export const ZBotPushDevicesDelete = z.object({
  tokens: z.array(z.string().min(1).max(4096)).min(1).max(500),
});
export type TBotPushDevicesDelete = z.infer<typeof ZBotPushDevicesDelete>;

export const ZBotPushDevicesDeleted = z.object({ deleted: z.number().int() });
export type TBotPushDevicesDeleted = z.infer<typeof ZBotPushDevicesDeleted>;
