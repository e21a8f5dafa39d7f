import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPushDevice } from '@portal/shared/contracts/devices';
import { pushDevices } from '../src/db/schema/notifications.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

async function idOf(username: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('POST /api/firebase-devices/', () => {
  it('registers a new token for the caller with 201, and answers 200 when it is sent again', async () => {
    const { access } = await t.signIn('yamada');
    const yamadaId = await idOf('yamada');
    const body = { token: 'fcm-token-1', description: 'Chrome on Windows', user: yamadaId };
    const created = await request(t.app).post('/api/firebase-devices/').set(t.auth(access)).send(body);
    expect(created.status).toBe(201);
    expect(ZPushDevice.parse(created.body)).toMatchObject({ token: 'fcm-token-1', user: yamadaId });

    const again = await request(t.app).post('/api/firebase-devices/').set(t.auth(access)).send(body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
  });

  it('moves a token to whoever registers it last (one row per token)', async () => {
    const yamada = await t.signIn('yamada');
    const suzuki = await t.signIn('suzuki');
    await request(t.app)
      .post('/api/firebase-devices/')
      .set(t.auth(yamada.access))
      .send({ token: 'shared-pc' });
    const moved = await request(t.app)
      .post('/api/firebase-devices/')
      .set(t.auth(suzuki.access))
      .send({ token: 'shared-pc', description: '共用PC' });
    expect(moved.status).toBe(201);
    const rows = await t.db.select().from(pushDevices).where(eq(pushDevices.token, 'shared-pc'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(await idOf('suzuki'));
  });

  it("refuses to register a token for somebody else's user id", async () => {
    const { access } = await t.signIn('yamada');
    const res = await request(t.app)
      .post('/api/firebase-devices/')
      .set(t.auth(access))
      .send({ token: 'other', user: await idOf('suzuki') });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('permission_denied');
  });
});
