// Issue 34: the access log is append-only. On PostgreSQL (and PGlite, which runs the same migration)
// a trigger refuses UPDATE and DELETE, unless the retention job marked its own transaction.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '../src/db/schema/privacy.ts';
import { logAccess } from '../src/modules/access-log/log-access.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
let id: number;

beforeAll(async () => {
  t = await createTestContext({ dataset: 'empty' });
  await logAccess(t.db, {
    actor: { id: 1, username: 'hr' },
    action: 'view',
    kind: 'bank_account',
    recordId: 7,
    subjects: [3, 3, 2],
    req: { id: 'req-1', address: '127.0.0.1' },
  });
  const [row] = await t.db.select().from(accessLog);
  id = row!.id;
});
afterAll(() => t?.close());

/** The trigger's refusal, which drizzle wraps in its own "Failed query" error. */
async function refused(query: PromiseLike<unknown>): Promise<void> {
  const error = await Promise.resolve(query).then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  expect(error, 'the query went through').not.toBeNull();
  expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(/access_log is append-only/);
}

describe('the access log', () => {
  it('keeps what logAccess wrote, subjects distinct and sorted', async () => {
    const [row] = await t.db.select().from(accessLog).where(eq(accessLog.id, id));
    expect(row).toMatchObject({
      actorId: 1,
      actorName: 'hr',
      action: 'view',
      kind: 'bank_account',
      recordId: '7',
      subjects: [2, 3],
      requestId: 'req-1',
      address: '127.0.0.1',
    });
  });

  it('refuses UPDATE and DELETE', async () => {
    await refused(t.db.update(accessLog).set({ actorName: 'x' }).where(eq(accessLog.id, id)));
    await refused(t.db.delete(accessLog).where(eq(accessLog.id, id)));
    await refused(t.db.execute(sql`delete from access_log`));
    expect(await t.db.select({ id: accessLog.id }).from(accessLog)).toEqual([{ id }]);
  });

  it('lets only the retention job’s transaction delete, and never update', async () => {
    await refused(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('portal.retention', 'on', true)`);
        await tx.update(accessLog).set({ actorName: 'x' }).where(eq(accessLog.id, id));
      }),
    );
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.retention', 'on', true)`);
      await tx.delete(accessLog).where(eq(accessLog.id, id));
    });
    expect(await t.db.select().from(accessLog)).toEqual([]);
    // The mark ended with its transaction.
    await logAccess(t.db, { actor: null, action: 'export', kind: 'backup', subjects: [] });
    await refused(t.db.execute(sql`delete from access_log`));
  });
});
