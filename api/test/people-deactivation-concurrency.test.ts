// Issue 32, finding 9: simultaneous deactivations (or reactivations) of one person. The account row is
// locked in the transaction (people.ts, lockAccount), so one wins and the rest read its result: one
// 200, 409 for the others, one audit row. Also run on PostgreSQL (vitest.pg.config.ts), where the
// requests really run in parallel; on PGlite's one connection they queue.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MSG } from '../src/modules/admin/people/messages.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function auditRows(id: number, action: string): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from admin_audit_log
    where resource = 'people' and object_id = ${id} and action = ${action}`);
  return Number(row!.n);
}

describe('ten simultaneous deactivations of one person', () => {
  it('give one 200 and nine 409, one audit row; the same for ten reactivations', async () => {
    const [person] = await rows<{ id: number }>(
      sql`select e.id from employees e join users u on u.id = e.user_id where u.username = 'ikeda'`,
    );
    const id = person!.id;
    const admin = await as('admin');
    const all = (verb: string) =>
      Promise.all(
        Array.from({ length: 10 }, () =>
          request(t.app).post(`/api/admin/people/${id}/${verb}/`).set(admin).send({ confirm: true }),
        ),
      );

    const off = await all('deactivate');
    expect(off.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const res of off.filter((r) => r.status === 409))
      expect(res.body.detail).toBe(PEOPLE_MSG.alreadyInactive);
    expect(await auditRows(id, 'deactivate')).toBe(1);

    const on = await all('reactivate');
    expect(on.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const res of on.filter((r) => r.status === 409))
      expect(res.body.detail).toBe(PEOPLE_MSG.alreadyActive);
    expect(await auditRows(id, 'reactivate')).toBe(1);
  });
});
