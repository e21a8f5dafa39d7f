// The bot's push routes: a user's FCM tokens, and deleting the ones FCM called dead. Only the bot's
// service credential reaches them.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBotPushDevices, ZBotPushDevicesDeleted } from '@portal/shared/contracts/bot-push';
import { pushDevices } from '../src/db/schema/notifications.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { testConfig } from './support/test-config.ts';

const SERVICE_TOKEN = 'push-routes-test-service-token-0123456789';
const service = { Authorization: `Service ${SERVICE_TOKEN}` };

let t: TestContext;
let yamadaId: number;
beforeAll(async () => {
  t = await createTestContext({ config: { bot: { ...testConfig().bot, serviceToken: SERVICE_TOKEN } } });
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'yamada'));
  yamadaId = row!.id;
  const { access } = await t.signIn('yamada');
  for (const token of ['pc-token', 'phone-token', 'x'.repeat(4096)]) {
    const res = await request(t.app).post('/api/firebase-devices/').set(t.auth(access)).send({ token });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t?.close());

describe('GET /api/bot/users/{id}/push-devices/', () => {
  it("lists the user's tokens, oldest first", async () => {
    const res = await request(t.app).get(`/api/bot/users/${yamadaId}/push-devices/`).set(service);
    expect(res.status).toBe(200);
    expect(ZBotPushDevices.parse(res.body).tokens).toEqual(['pc-token', 'phone-token', 'x'.repeat(4096)]);
  });

  it('answers an empty list for a user without devices', async () => {
    const res = await request(t.app).get('/api/bot/users/999999/push-devices/').set(service);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tokens: [] });
  });

  it('refuses a signed-in user (403), a wrong service token (401) and no credential (403)', async () => {
    const { access } = await t.signIn('yamada');
    const path = `/api/bot/users/${yamadaId}/push-devices/`;
    expect((await request(t.app).get(path).set(t.auth(access))).status).toBe(403);
    expect((await request(t.app).get(path).set({ Authorization: 'Service wrong' })).status).toBe(401);
    expect((await request(t.app).get(path)).status).toBe(403);
  });
});

describe('POST /api/bot/push-devices/delete/', () => {
  it('deletes the named tokens (long ones too) and ignores unknown ones', async () => {
    const res = await request(t.app)
      .post('/api/bot/push-devices/delete/')
      .set(service)
      .send({ tokens: ['phone-token', 'x'.repeat(4096), 'never-registered'] });
    expect(res.status).toBe(200);
    expect(ZBotPushDevicesDeleted.parse(res.body)).toEqual({ deleted: 2 });
    const left = await t.db
      .select({ token: pushDevices.token })
      .from(pushDevices)
      .where(eq(pushDevices.userId, yamadaId));
    expect(left.map((r) => r.token)).toEqual(['pc-token']);
  });

  it('answers 400 with Japanese field messages for an empty list', async () => {
    const res = await request(t.app).post('/api/bot/push-devices/delete/').set(service).send({ tokens: [] });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('tokens');
    expectJapaneseError(res.body);
  });
});
