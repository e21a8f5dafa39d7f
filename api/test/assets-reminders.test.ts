// The 返却期限 reminders (issue 31): 14 and 3 days before and on the day, once per threshold however
// often the job runs (a fixed clock, each day run twice); and a deactivated holder's assets 要回収.
import { and, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetLendings, assets, assetTypes } from '../src/db/schema/assets.ts';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { LENDING_REMINDER_MSG, runLendingReminders } from '../src/modules/assets/lending-reminder-job.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

describe('the 返却期限 reminders', () => {
  it('reach the holder once per threshold: 14 days before, 3 days before and on the day', async () => {
    const holder = await userId(t, 'yamashita');
    const [type] = await t.db.select().from(assetTypes).where(eq(assetTypes.name, 'タブレット'));
    const [unit] = await t.db
      .insert(assets)
      .values({ assetId: 'TB-REMIND', assetTypeId: type!.id, status: 'lent' })
      .returning();
    await t.db
      .insert(assetLendings)
      .values({ assetId: unit!.id, userId: holder, lentOn: '2029-12-30', dueOn: '2030-06-30' });
    const bells = () =>
      t.db
        .select({ content: notifications.content })
        .from(notifications)
        .where(and(eq(notifications.userId, holder), eq(notifications.title, LENDING_REMINDER_MSG.title)))
        .orderBy(notifications.id);

    const sentOn: Record<string, number> = {};
    for (const day of [
      '2030-06-15',
      '2030-06-16',
      '2030-06-20',
      '2030-06-27',
      '2030-06-29',
      '2030-06-30',
      '2030-07-01',
    ])
      for (const run of [1, 2]) sentOn[`${day}#${run}`] = await runLendingReminders(t.db, day);
    expect(sentOn).toMatchObject({
      '2030-06-15#1': 0,
      '2030-06-16#1': 1,
      '2030-06-16#2': 0,
      '2030-06-20#1': 0,
      '2030-06-27#1': 1,
      '2030-06-27#2': 0,
      '2030-06-29#1': 0,
      '2030-06-30#1': 1,
      '2030-06-30#2': 0,
      '2030-07-01#1': 0,
    });
    expect((await bells()).map((b) => b.content)).toEqual([
      LENDING_REMINDER_MSG.before('タブレット', 'TB-REMIND', '2030-06-30', 14),
      LENDING_REMINDER_MSG.before('タブレット', 'TB-REMIND', '2030-06-30', 3),
      LENDING_REMINDER_MSG.today('タブレット', 'TB-REMIND', '2030-06-30'),
    ]);
    const lark = await t.db.select().from(outbox).where(like(outbox.idempotencyKey, 'asset-reminder:%'));
    expect(lark.filter((row) => row.payload.user_id === holder)).toHaveLength(3);
  });
});

describe('deactivating a holder', () => {
  it('lists their units in the answer and marks the lendings 要回収', async () => {
    const kato = await userId(t, 'kato');
    const [employee] = await t.db.select().from(employees).where(eq(employees.userId, kato));
    const res = await request(t.app)
      .post(`/api/admin/people/${employee!.id}/deactivate/`)
      .set(await as('admin'))
      .send({ confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recall_assets).toEqual(['MN-001']);
    const recall = await request(t.app)
      .get('/api/assets/lend/?status=recall')
      .set(await as('inoue'));
    expect(recall.body.results).toEqual([
      expect.objectContaining({
        asset_id: 'MN-001',
        status: 'recall',
        user: { id: kato, name: '加藤 美咲' },
      }),
    ]);
  });
});
