// One push.notify job: every registered device of one user gets the notification; devices FCM calls
// dead are deleted through the API, so the next notification skips them.
import type { SendResponse } from 'firebase-admin/messaging';
import type { TPushNotifyPayload } from '@portal/shared/contracts/bot-jobs';
import type { PushTransport } from './firebase.ts';
import { pushMessage } from './push-message.ts';

/** The API's bot-internal device routes (api/src/modules/bot/push.routes.ts). */
export interface PushDevices {
  tokensOf(userId: number): Promise<string[]>;
  remove(tokens: readonly string[]): Promise<void>;
}

export interface PushOutcome {
  readonly sent: number;
  readonly failed: number;
  readonly removed: number;
}

/** firebase-admin's cap for one sendEach call. */
const BATCH = 500;

/**
 * The token will never work again. FCM v1 answers a malformed token with INVALID_ARGUMENT (which
 * firebase-admin maps to messaging/invalid-argument) and says so in the message; an invalid-argument
 * about anything else is our message's fault, and must not cost the user their device.
 */
export function isDeadToken(error: SendResponse['error']): boolean {
  if (!error) return false;
  if (error.code === 'messaging/registration-token-not-registered') return true;
  if (error.code === 'messaging/invalid-registration-token') return true;
  return error.code === 'messaging/invalid-argument' && /registration token/i.test(error.message);
}

/** Worth another attempt later (BullMQ retries the job with backoff). */
const TRANSIENT = new Set([
  'messaging/server-unavailable',
  'messaging/internal-error',
  'messaging/message-rate-exceeded',
  'messaging/unknown-error',
  'app/network-error',
  'app/network-timeout',
]);

export class PushUnavailable extends Error {
  override readonly name = 'PushUnavailable';
}

export async function sendPush(
  notification: TPushNotifyPayload,
  deps: { devices: PushDevices; transport: PushTransport; portalUrl: string },
): Promise<PushOutcome> {
  const tokens = [...new Set(await deps.devices.tokensOf(notification.user_id))];
  const dead: string[] = [];
  let sent = 0;
  let failed = 0;
  const transient: string[] = [];
  for (let i = 0; i < tokens.length; i += BATCH) {
    const batch = tokens.slice(i, i + BATCH);
    const answer = await deps.transport.sendEach(
      batch.map((token) => pushMessage(notification, token, deps.portalUrl)),
    );
    answer.responses.forEach((response, j) => {
      if (response.success) return void sent++;
      failed++;
      if (isDeadToken(response.error)) dead.push(batch[j]!);
      else if (response.error && TRANSIENT.has(response.error.code)) transient.push(response.error.code);
    });
  }
  if (dead.length > 0) await deps.devices.remove(dead);
  // Retrying re-sends to the devices that did get it, so only a delivery that reached nobody is retried.
  if (sent === 0 && transient.length > 0) {
    throw new PushUnavailable(`FCM did not take the notification: ${[...new Set(transient)].join(', ')}`);
  }
  return { sent, failed, removed: dead.length };
}
