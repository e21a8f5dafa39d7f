// Acceptance 3 end to end: a request submitted in the portal writes its bell notifications and an
// outbox row; the relay, Redis and the bot turn every notification into an FCM message through the
// real firebase-admin (a fake FCM on 127.0.0.1 behind the swapped https transport), and a device FCM
// calls unregistered is deleted from the database.
import { eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask } from '@portal/shared/contracts/tasks';
import { notifications, pushDevices } from '../../api/src/db/schema/notifications.ts';
import { users } from '../../api/src/db/schema/users.ts';
import { routeHttpsTo, startFakeFcm, type FakeFcm } from '../support/fakes/fake-fcm.ts';
import { drained } from './support/drained.ts';
import { startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let fcm: FakeFcm;
let restoreHttps: () => void;

beforeAll(async () => {
  fcm = await startFakeFcm();
  restoreHttps = routeHttpsTo(fcm.url);
  h = await startHarness({
    botEnv: {
      ATTENDANCE_REMINDERS: 'off',
      FIREBASE_PROJECT_ID: fcm.account.projectId,
      FIREBASE_CLIENT_EMAIL: fcm.account.clientEmail,
      FIREBASE_PRIVATE_KEY: fcm.account.privateKey,
    },
  });
});
afterAll(async () => {
  await h?.close();
  restoreHttps?.();
  await fcm?.close();
});

async function register(username: string, token: string) {
  const res = await h.as(username)('POST', '/api/firebase-devices/', { token });
  expect(res.status).toBe(201);
}

async function userId(username: string): Promise<number> {
  const [row] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('push for every notification', () => {
  it('sends every notification to each device of its user, and deletes the device FCM no longer knows', async () => {
    const devices: Record<string, string[]> = {
      suzuki: ['suzuki-pc', 'suzuki-old-phone'],
      sato: ['sato-pc'],
      takahashi: ['takahashi-pc'],
    };
    for (const [username, tokens] of Object.entries(devices))
      for (const token of tokens) await register(username, token);
    fcm.setTokenState('suzuki-old-phone', 'unregistered');
    const ids = Object.fromEntries(
      await Promise.all(Object.keys(devices).map(async (u) => [await userId(u), u] as const)),
    );
    const [last] = await h.db.select({ id: max(notifications.id) }).from(notifications);

    const submitted = await h.as('yamada')<TTask>(
      'POST',
      `/api/task/workflows/${await h.workflowId('一般稟議')}/form/`,
      { title: 'プッシュ通知', content: '内容', amount: 1000 },
    );
    expect(submitted.status).toBe(201);
    await drained(h);

    // The bell notifications the submission wrote, and what each should look like on a device.
    const bells = await h.db
      .select({ userId: notifications.userId, title: notifications.title, forward: notifications.forward })
      .from(notifications)
      .where(gt(notifications.id, last?.id ?? 0));
    const toDevices = bells.filter((b) => ids[b.userId]);
    expect(toDevices.length).toBeGreaterThan(0);
    const expected = toDevices.flatMap((b) =>
      devices[ids[b.userId]!]!.map((token) => ({
        token,
        notification: { title: b.title },
        data: { forward: b.forward },
        webpush: { fcmOptions: { link: `https://portal.example.test${b.forward}` } },
      })),
    );
    const byToken = (a: { token?: unknown }, b: { token?: unknown }) =>
      JSON.stringify(a).localeCompare(JSON.stringify(b));
    // Live devices get every message. The dead one gets at least one; whether it gets a second depends
    // on whether that job ran before the first answer had the device deleted.
    const dead = 'suzuki-old-phone';
    const sent = fcm.sent.map((r) => r.body.message as { token?: unknown });
    const live = (m: { token?: unknown }) => m.token !== dead;
    expect(sent.filter(live).sort(byToken)).toEqual(expected.filter(live).sort(byToken));
    const toDead = sent.filter((m) => !live(m));
    expect(toDead.length).toBeGreaterThan(0);
    for (const message of toDead) expect(expected).toContainEqual(message);

    const left = await h.db
      .select({ token: pushDevices.token })
      .from(pushDevices)
      .where(inArray(pushDevices.userId, Object.keys(ids).map(Number)));
    const kept = Object.values(devices)
      .flat()
      .filter((t) => t !== 'suzuki-old-phone');
    expect(left.map((d) => d.token).sort()).toEqual(kept.sort());
  });

  it('the same event relayed twice pushes once', async () => {
    const before = fcm.sent.length;
    const [event] = (await h.queues.events.getCompleted()).filter((j) => j.name.startsWith('task.'));
    await h.queues.events.add(event!.name, event!.data, { jobId: 'the-same-event-again' });
    await drained(h);
    expect(fcm.sent.length).toBe(before);
  });
});
