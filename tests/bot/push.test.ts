// Push through the real firebase-admin (acceptance 3): an app initialised offline from a generated
// service-account key; only the https transport is swapped, so the token exchange and the FCM v1
// messages:send calls reach a fake on 127.0.0.1, and what firebase-admin sends is what is checked.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TPushNotifyPayload } from '@portal/shared/contracts/bot-jobs';
import { routeHttpsTo, startFakeFcm, type FakeFcm } from '../support/fakes/fake-fcm.ts';
import { createFirebaseTransport, type PushTransport } from '../../bot/src/push/firebase.ts';
import { loadFirebaseCredentials } from '../../bot/src/config/push-config.ts';
import { isDeadToken, PushUnavailable, sendPush, type PushDevices } from '../../bot/src/push/send-push.ts';

let fcm: FakeFcm;
let transport: PushTransport;
let restoreHttps: () => void;

beforeAll(async () => {
  fcm = await startFakeFcm();
  restoreHttps = routeHttpsTo(fcm.url);
  // The key as a .env file holds it: one line, literal \n.
  const credentials = loadFirebaseCredentials({
    FIREBASE_PROJECT_ID: fcm.account.projectId,
    FIREBASE_CLIENT_EMAIL: fcm.account.clientEmail,
    FIREBASE_PRIVATE_KEY: fcm.account.privateKey.replace(/\n/g, '\\n'),
  });
  transport = createFirebaseTransport(credentials!);
});
afterAll(async () => {
  await transport?.close();
  restoreHttps?.();
  await fcm?.close();
});
afterEach(() => {
  fcm.sent.length = 0;
});

/** Devices held in memory, as the API's bot routes would answer. */
function devicesOf(byUser: Record<number, string[]>): PushDevices & { removed: string[] } {
  const removed: string[] = [];
  return {
    removed,
    tokensOf: async (userId) => (byUser[userId] ?? []).filter((t) => !removed.includes(t)),
    remove: async (tokens) => void removed.push(...tokens),
  };
}

const approved: TPushNotifyPayload = {
  user_id: 7,
  title: '休暇申請が承認されました',
  body: '鈴木 一郎 さんが承認しました。',
  forward: '/task/tasks/finished/12',
};

describe('push.notify through firebase-admin', () => {
  it('sends each of the user’s devices exactly this message, authorised by the generated key', async () => {
    const devices = devicesOf({ 7: ['token-pc', 'token-phone'], 8: ['token-other'] });
    const outcome = await sendPush(approved, {
      devices,
      transport,
      portalUrl: 'https://portal.example.co.jp',
    });

    expect(outcome).toEqual({ sent: 2, failed: 0, removed: 0 });
    expect(fcm.tokenExchanges).toBeGreaterThanOrEqual(1);
    expect(fcm.sent.map((r) => [r.host, r.path])).toEqual([
      ['fcm.googleapis.com', '/v1/projects/portal-test/messages:send'],
      ['fcm.googleapis.com', '/v1/projects/portal-test/messages:send'],
    ]);
    const bodies = fcm.sent
      .map((r) => r.body)
      .sort((a, b) => String(a.message.token).localeCompare(String(b.message.token)));
    expect(bodies).toEqual(
      ['token-pc', 'token-phone'].map((token) => ({
        message: {
          token,
          notification: { title: '休暇申請が承認されました', body: '鈴木 一郎 さんが承認しました。' },
          data: { forward: '/task/tasks/finished/12' },
          webpush: { fcmOptions: { link: 'https://portal.example.co.jp/task/tasks/finished/12' } },
        },
      })),
    );
    expect(devices.removed).toEqual([]);
  });

  it('leaves the link out when the portal is not served over https (FCM refuses such links)', async () => {
    await sendPush(approved, {
      devices: devicesOf({ 7: ['token-dev'] }),
      transport,
      portalUrl: 'http://127.0.0.1:3000',
    });
    expect(fcm.sent).toHaveLength(1);
    expect(fcm.sent[0]?.body.message).not.toHaveProperty('webpush');
  });

  it('removes the devices FCM calls unregistered or invalid, and keeps the others', async () => {
    fcm.setTokenState('token-gone', 'unregistered');
    fcm.setTokenState('token-garbage', 'invalid');
    const devices = devicesOf({ 7: ['token-ok', 'token-gone', 'token-garbage'] });

    const outcome = await sendPush(approved, { devices, transport, portalUrl: '' });

    expect(outcome).toEqual({ sent: 1, failed: 2, removed: 2 });
    expect(devices.removed.sort()).toEqual(['token-garbage', 'token-gone']);
    // The next notification reaches only the device that still works.
    fcm.sent.length = 0;
    await sendPush(approved, { devices, transport, portalUrl: '' });
    expect(fcm.sent.map((r) => r.body.message.token)).toEqual(['token-ok']);
  });

  it('keeps every device and asks for a retry when FCM fails for all of them', async () => {
    fcm.setTokenState('token-busy', 'internal');
    const devices = devicesOf({ 7: ['token-busy'] });
    await expect(sendPush(approved, { devices, transport, portalUrl: '' })).rejects.toBeInstanceOf(
      PushUnavailable,
    );
    expect(devices.removed).toEqual([]);
  });

  it('sends nothing to a user without devices', async () => {
    const outcome = await sendPush(approved, { devices: devicesOf({}), transport, portalUrl: '' });
    expect(outcome).toEqual({ sent: 0, failed: 0, removed: 0 });
    expect(fcm.sent).toEqual([]);
  });
});

describe('isDeadToken', () => {
  it('does not count an invalid-argument about the message itself as a dead token', () => {
    const error = (code: string, message: string) =>
      ({ code, message }) as unknown as Parameters<typeof isDeadToken>[0];
    expect(isDeadToken(error('messaging/invalid-argument', 'Invalid JSON payload received.'))).toBe(false);
    expect(isDeadToken(error('messaging/invalid-registration-token', 'bad'))).toBe(true);
    expect(isDeadToken(error('messaging/registration-token-not-registered', 'gone'))).toBe(true);
  });
});

describe('loadFirebaseCredentials', () => {
  it('is off without settings and refuses a partial set', () => {
    expect(loadFirebaseCredentials({})).toBeNull();
    expect(() => loadFirebaseCredentials({ FIREBASE_PROJECT_ID: 'p' })).toThrow(/set all three or none/);
  });
});
