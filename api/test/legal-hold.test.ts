// Issue 34, 法的保全: HR put a hold on an employee with a reason (audited), which the retention job
// honours (retention.test.ts); a second hold is refused, a release ends it; an employee may not.
import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { retentionHolds } from '../src/db/schema/privacy.ts';
import { users } from '../src/db/schema/users.ts';
import { runRetention } from '../src/modules/retention/run-retention.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let yamada: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const [row] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'yamada'));
  yamada = row!.id;
});
afterAll(() => t?.close());

describe('the legal hold', () => {
  it('is set with a reason, audited, refused twice, kept by retention and released', async () => {
    const url = `/api/admin/people/${yamada}/hold/`;
    const empty = await request(t.app)
      .put(url)
      .set(await as('admin'))
      .send({ reason: '  ' });
    expect(empty.status).toBe(400);
    expectJapaneseError(empty.body);
    expect(JSON.stringify(empty.body)).toContain('保全理由');

    const set = await request(t.app)
      .put(url)
      .set(await as('admin'))
      .send({ reason: '労働審判' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.hold).toMatchObject({ reason: '労働審判', created_by: 'admin' });
    expect(
      (
        await request(t.app)
          .get(url)
          .set(await as('admin'))
      ).body.hold.reason,
    ).toBe('労働審判');
    expect(
      (
        await request(t.app)
          .put(url)
          .set(await as('admin'))
          .send({ reason: '再' })
      ).status,
    ).toBe(409);
    const audit = await request(t.app)
      .get(`/api/admin/audit/?resource=people&object_id=${yamada}`)
      .set(await as('admin'));
    expect(audit.body.results[0]).toMatchObject({ action: 'set_hold', after: { reason: '労働審判' } });

    // Far in the future everything of yamada's is past its rule; held, none of it is listed.
    const dry = await runRetention(t.db, { now: new Date('2060-01-01T00:00:00Z'), dryRun: true });
    const rows = dry.flatMap((r) => r.rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.subjects.includes(yamada))).toBe(false);

    const released = await request(t.app)
      .delete(url)
      .set(await as('admin'));
    expect(released.status).toBe(200);
    expect(released.body.hold).toBeNull();
    const open = await t.db
      .select()
      .from(retentionHolds)
      .where(and(eq(retentionHolds.employeeId, yamada), isNull(retentionHolds.releasedAt)));
    expect(open).toEqual([]);
    const after = await runRetention(t.db, { now: new Date('2060-01-01T00:00:00Z'), dryRun: true });
    expect(after.flatMap((r) => r.rows).some((r) => r.subjects.includes(yamada))).toBe(true);
  });

  it('is refused to an employee', async () => {
    const res = await request(t.app)
      .put(`/api/admin/people/${yamada}/hold/`)
      .set(await as('yamada'))
      .send({ reason: 'x' });
    expect(res.status).toBe(403);
  });
});
