// Issue 13 (HR-only fields) through the console: PUT admin/people/{id}/residence/ sets an employee's
// residence status and card expiry. Refused to non-staff and to staff without
// employee.change_employee; bad input is a 400 in Japanese at the field, writing nothing; a change is
// kept in the records' history (employees/{id}/residence-status/) and in the console's audit, and the
// new card's expiry brings its own notice.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminPerson } from '@portal/shared/contracts/admin';
import type { TResidenceStatus } from '@portal/shared/contracts/profile';
import { users } from '../src/db/schema/users.ts';
import { runResidenceNotices } from '../src/modules/records/residence-notice-job.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { cheapDemoHash } from './support/test-password.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let mori: number;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function digest(): Promise<string> {
  const parts = ['employees', 'record_changes', 'admin_audit_log', 'notifications'].map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
        from ${sql.identifier(table)} r`,
  );
  return JSON.stringify(await rows(sql.join(parts, sql` union all `)));
}

const path = () => `/api/admin/people/${mori}/residence/`;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  await t.db.insert(users).values([
    {
      username: 'staff_none',
      fullName: '権限なしスタッフ',
      passwordHash: await cheapDemoHash(),
      isStaff: true,
    },
  ]);
  mori = (
    await rows<{ id: number }>(
      sql`select e.id from employees e join users u on u.id = e.user_id where u.username = 'mori'`,
    )
  )[0]!.id;
  for (const username of ['yamada', 'staff_none', 'hr', 'mori']) await as(username);
});
afterAll(() => t?.close());

describe('PUT admin/people/{id}/residence/', () => {
  it('is refused to a non-staff user and to staff without employee.change_employee', async () => {
    const before = await digest();
    for (const username of ['yamada', 'mori', 'staff_none']) {
      const res = await request(t.app)
        .put(path())
        .set(await as(username))
        .send({ residence: '03', residence_expiry: '2027-03-31' });
      expect(res.status, username).toBe(403);
      expectJapaneseError(res.body);
    }
    expect(await digest()).toBe(before);
  });

  it.each([
    [{ residence: '99', residence_expiry: '2027-03-31' }, 'residence'],
    [{ residence: '03', residence_expiry: '2027-02-30' }, 'residence_expiry'],
    [{ residence: '03' }, 'residence_expiry'],
    [{ residence: '90', residence_expiry: '2027-03-31' }, 'residence_expiry'],
    [{ residence: '03', residence_expiry: null, note: 'x' }, 'note'],
  ])('answers %j with a 400 at %s, writing nothing', async (body, field) => {
    const before = await digest();
    const res = await request(t.app)
      .put(path())
      .set(await as('hr'))
      .send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expectJapaneseError(res.body);
    expect(Object.keys(res.body as object)).toContain(field);
    expect(await digest()).toBe(before);
  });

  it('sets the status and expiry, kept in the history and the audit, and the new card gets its notice', async () => {
    const old = (
      await rows<{ residence: string; residence_expiry: string | null }>(
        sql`select residence_status as residence, residence_expiry::text as residence_expiry from employees where id = ${mori}`,
      )
    )[0]!;
    const res = await request(t.app)
      .put(path())
      .set(await as('hr'))
      .send({ residence: '03', residence_expiry: '2027-03-31' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as TAdminPerson).toMatchObject({ residence: '03', residence_expiry: '2027-03-31' });

    // The same values again change nothing.
    const before = await digest();
    const same = await request(t.app)
      .put(path())
      .set(await as('hr'))
      .send({ residence: '03', residence_expiry: '2027-03-31' });
    expect(same.status).toBe(200);
    expect(await digest()).toBe(before);

    const status = await request(t.app)
      .get(`/api/employees/${mori}/residence-status/`)
      .set(await as('mori'));
    expect(status.status).toBe(200);
    const body = status.body as TResidenceStatus;
    expect(body).toMatchObject({ residence: '03', residence_expiry: '2027-03-31' });
    expect(body.history.at(-1)).toMatchObject({
      residence: old.residence,
      residence_expiry: old.residence_expiry,
    });

    const [audit] = await rows<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from admin_audit_log where resource = 'people' and object_id = ${mori}
        order by id desc limit 1`,
    );
    expect(audit).toEqual({
      action: 'set_residence',
      before: old,
      after: { residence: '03', residence_expiry: '2027-03-31' },
    });

    // The employee can still not set it themself.
    const own = await request(t.app)
      .patch(`/api/employees/${mori}/`)
      .set(await as('mori'))
      .send({ residence_expiry: '2030-01-01' });
    expect(own.status).toBe(400);

    expect(await runResidenceNotices(t.db, '2027-01-01')).toBeGreaterThanOrEqual(1);
    const [notice] = await rows<{ threshold_days: number }>(
      sql`select threshold_days from residence_expiry_notices where employee_id = ${mori} and expiry = '2027-03-31'`,
    );
    expect(notice).toEqual({ threshold_days: 90 });
  });
});
