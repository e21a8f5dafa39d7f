// Issue 13, residence status: the daily residence card notice on a fixed clock. 90 and 30 days before
// the card expires, the employee and HR (holders of employee.view_employee) are told in the bell,
// exactly once per employee, threshold and expiry date however often the job runs; a renewed card
// starts afresh; expired cards, inactive users and cards further than 90 days away get nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RESIDENCE_NOTICE_MSG,
  runResidenceNotices,
  thresholdFor,
} from '../src/modules/records/residence-notice-job.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function setExpiry(username: string, expiry: string | null) {
  await t.db.execute(sql`update employees set residence_expiry = ${expiry}
    where user_id = (select id from users where username = ${username})`);
}

/** The residence bells, as `username: content`, oldest first. */
async function bells(): Promise<string[]> {
  const list = await rows<{ username: string; content: string }>(sql`
    select u.username, n.content from notifications n join users u on u.id = n.user_id
    where n.title = ${RESIDENCE_NOTICE_MSG.title} order by n.id`);
  return list.map((b) => `${b.username}: ${b.content}`);
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.execute(sql`delete from notifications where title = ${RESIDENCE_NOTICE_MSG.title}`);
  await t.db.execute(sql`delete from residence_expiry_notices`);
  await t.db.execute(sql`update employees set residence_expiry = null`);
});

describe('thresholdFor', () => {
  it.each([
    [120, null],
    [91, null],
    [90, 90],
    [31, 90],
    [30, 30],
    [0, 30],
    [-1, null],
  ])('%i days left → %s', (days, threshold) => {
    expect(thresholdFor(days)).toBe(threshold);
  });
});

describe('the residence card notice job on a fixed clock', () => {
  it('tells the employee and HR 90 and 30 days before, once each however often it runs', async () => {
    await setExpiry('suzuki', '2026-09-30');
    const [suzuki] = await rows<{ name: string }>(sql`select last_name || ' ' || first_name as name
      from employees e join users u on u.id = e.user_id where u.username = 'suzuki'`);

    // 91 days before: nothing yet.
    expect(await runResidenceNotices(t.db, '2026-07-01')).toBe(0);
    expect(await bells()).toEqual([]);

    // 90 days before, run three times.
    expect(await runResidenceNotices(t.db, '2026-07-02')).toBe(1);
    expect(await runResidenceNotices(t.db, '2026-07-02')).toBe(0);
    expect(await runResidenceNotices(t.db, '2026-07-15')).toBe(0);
    expect(await bells()).toEqual([
      `suzuki: ${RESIDENCE_NOTICE_MSG.toEmployee('2026-09-30', 90)}`,
      `hr: ${RESIDENCE_NOTICE_MSG.toHr(suzuki!.name, '2026-09-30', 90)}`,
    ]);

    // 30 days before, and again on later days.
    for (const today of ['2026-08-31', '2026-08-31', '2026-09-10', '2026-09-30'])
      await runResidenceNotices(t.db, today);
    const after = await bells();
    expect(after).toHaveLength(4);
    expect(after.slice(2)).toEqual([
      `suzuki: ${RESIDENCE_NOTICE_MSG.toEmployee('2026-09-30', 30)}`,
      `hr: ${RESIDENCE_NOTICE_MSG.toHr(suzuki!.name, '2026-09-30', 30)}`,
    ]);
    const [links] = await rows<{ forwards: string[] }>(sql`
      select array_agg(forward order by id) as forwards from notifications where title = ${RESIDENCE_NOTICE_MSG.title}`);
    expect(links!.forwards[0]).toBe('/profile');
    expect(links!.forwards[1]).toMatch(/^\/profile\?employee=\d+$/);

    // Expired: nothing more.
    expect(await runResidenceNotices(t.db, '2026-10-01')).toBe(0);
    expect(await bells()).toHaveLength(4);
  });

  it('sends only the nearest threshold when first seen late, and starts afresh for a renewed card', async () => {
    await setExpiry('yamada', '2026-09-30');
    expect(await runResidenceNotices(t.db, '2026-09-20')).toBe(1);
    expect(await runResidenceNotices(t.db, '2026-09-21')).toBe(0);
    expect((await bells()).filter((b) => b.startsWith('yamada:'))).toEqual([
      `yamada: ${RESIDENCE_NOTICE_MSG.toEmployee('2026-09-30', 10)}`,
    ]);

    // The card is renewed for a year: its own 90-day notice comes in time.
    await setExpiry('yamada', '2027-09-30');
    expect(await runResidenceNotices(t.db, '2026-09-22')).toBe(0);
    expect(await runResidenceNotices(t.db, '2027-07-02')).toBe(1);
    expect(await runResidenceNotices(t.db, '2027-07-02')).toBe(0);
    const keys = await rows<{ threshold_days: number; expiry: string }>(sql`
      select threshold_days, expiry::text as expiry from residence_expiry_notices order by id`);
    expect(keys).toEqual([
      { threshold_days: 30, expiry: '2026-09-30' },
      { threshold_days: 90, expiry: '2027-09-30' },
    ]);
  });

  it('leaves out inactive users, and tells an HR member of their own card once, as the employee', async () => {
    await setExpiry('mori', '2026-09-30');
    await t.db.execute(sql`update users set is_active = false where username = 'mori'`);
    expect(await runResidenceNotices(t.db, '2026-09-01')).toBe(0);
    await t.db.execute(sql`update users set is_active = true where username = 'mori'`);

    await setExpiry('hr', '2026-09-30');
    expect(await runResidenceNotices(t.db, '2026-09-01')).toBe(2);
    const hrBells = (await bells()).filter((b) => b.startsWith('hr:'));
    // hr gets their own notice once, as the employee, and mori's as HR.
    expect(hrBells).toHaveLength(2);
    expect(hrBells).toContain(`hr: ${RESIDENCE_NOTICE_MSG.toEmployee('2026-09-30', 29)}`);
  });
});
