// Issue 12, item 4: PUT replaces the whole calendar settings and so needs all of them; PATCH changes
// only what it names.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
let admin: { Authorization: string };
const URL = '/api/master/company/calendar';

beforeAll(async () => {
  t = await createTestContext();
  admin = t.auth((await t.signIn('admin')).access);
  const res = await request(t.app)
    .put(URL)
    .set(admin)
    .send({ legal_holiday_weekday: 0, days_off: ['2030-12-30', '2030-12-31'] });
  expect(res.status).toBe(200);
});
afterAll(() => t?.close());

describe('company calendar PUT and PATCH (item 4)', () => {
  it('refuses an empty or partial PUT and keeps the days off', async () => {
    for (const body of [{}, { legal_holiday_weekday: 6 }, { days_off: [] }]) {
      const res = await request(t.app).put(URL).set(admin).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectJapaneseError(res.body);
    }
    const now = await request(t.app).get(URL).set(admin);
    expect(now.body.settings).toEqual({ legal_holiday_weekday: 0, days_off: ['2030-12-30', '2030-12-31'] });
  });

  it('changes only the named setting with PATCH', async () => {
    const res = await request(t.app).patch(URL).set(admin).send({ legal_holiday_weekday: 6 });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({ legal_holiday_weekday: 6, days_off: ['2030-12-30', '2030-12-31'] });
  });

  it('refuses PATCH to someone without the permission', async () => {
    const yamada = t.auth((await t.signIn('yamada')).access);
    const res = await request(t.app).patch(URL).set(yamada).send({ legal_holiday_weekday: 1 });
    expect(res.status).toBe(403);
  });
});
