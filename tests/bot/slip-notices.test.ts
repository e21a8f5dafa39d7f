// Issue 29, acceptance 3: an issued payslip tells its employee in Lark once, with a link and no
// amount; 2,000 notices of one upload pass the outbox, the queues and the fake Lark with no duplicate,
// however many times the notice job runs.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../api/src/db/schema/employees.ts';
import { larkBindings } from '../../api/src/db/schema/lark.ts';
import { outbox } from '../../api/src/db/schema/outbox.ts';
import { paymentSlips, slipUploads } from '../../api/src/db/schema/slips.ts';
import { users } from '../../api/src/db/schema/users.ts';
import { runSlipNotices } from '../../api/src/modules/slips/slip-notices.ts';
import { textOf } from './support/cards.ts';
import { drained } from './support/drained.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  // The rate limits are not what these tests are about: 2,000 messages at Lark's 50 a second and
  // 1,000 a minute take two minutes.
  h = await startHarness({
    botEnv: { LARK_RATE_PER_APP: '5000', LARK_RATE_PER_APP_MINUTE: '300000', LARK_RATE_PER_USER: '50' },
  });
});
afterAll(() => h?.close());

async function employeeOf(username: string) {
  const [row] = await h.db
    .select({ code: employees.code, last: employees.lastName, first: employees.firstName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return { code: row!.code, name: `${row!.last} ${row!.first}` };
}

describe('slip notices in Lark', () => {
  it('tell the employee their payslip is ready, with a link and no amount', async () => {
    const yamada = await employeeOf('yamada');
    const csv = [
      '社員番号,氏名,支給:基本給,控除:所得税,支給合計,控除合計,差引支給額',
      `${yamada.code},${yamada.name},"312,345","12,345","312,345","12,345","300,000"`,
    ].join('\r\n');
    const settings = {
      kind: 'salary',
      year: 2033,
      month: 3,
      paid_on: '2033-03-25',
      publish_at: null,
      file_name: 'slips.csv',
      content: Buffer.from(csv).toString('base64'),
    };
    const checked = await h.as('hr')<{ token: string; errors: unknown[] }>(
      'POST',
      '/api/expense/upload/check/',
      settings,
    );
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.errors).toEqual([]);
    const issued = await h.as('hr')('POST', '/api/expense/upload/', {
      ...settings,
      token: checked.body.token,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    await drained(h);
    const notices = h.lark.messages.filter((m) => m.receive_id === openIdOf('yamada'));
    expect(notices).toHaveLength(1);
    const text = textOf(notices[0]!.content);
    expect(text).toContain('給与明細が発行されました');
    expect(text).toContain('2033年3月分');
    expect(text).toContain('/payment-slip');
    expect(text).not.toMatch(/312|300,?000|12,?345|円/);
  });

  it('2,000 notices of one upload pass the queue once each, the job run twice', async () => {
    const count = 2000;
    const [upload] = await h.db
      .insert(slipUploads)
      .values({
        kind: 'bonus',
        year: 2033,
        month: 6,
        paidOn: '2033-06-30',
        fileName: 'bonus.csv',
        fileSha256: 'a'.repeat(64),
        rowCount: count,
        publishAt: new Date(Date.now() - 1000),
      })
      .returning({ id: slipUploads.id });
    const people = Array.from({ length: count }, (_, i) => `bulk${String(i).padStart(4, '0')}`);
    for (let i = 0; i < count; i += 500) {
      const part = people.slice(i, i + 500);
      const created = await h.db
        .insert(users)
        .values(part.map((username) => ({ username, fullName: username, email: `${username}@example.test` })))
        .returning({ id: users.id, username: users.username });
      await h.db
        .insert(larkBindings)
        .values(created.map((u) => ({ userId: u.id, openId: openIdOf(u.username) })));
      const emps = await h.db
        .insert(employees)
        .values(
          created.map((u) => ({
            userId: u.id,
            code: u.username.toUpperCase(),
            lastName: '一括',
            firstName: u.username,
            lastNameKana: 'イッカツ',
            firstNameKana: 'テスト',
            email: `${u.username}@example.test`,
          })),
        )
        .returning({ id: employees.id });
      await h.db.insert(paymentSlips).values(
        emps.map((e) => ({
          employeeId: e.id,
          year: 2033,
          month: 6,
          kind: 'bonus' as const,
          issuedOn: '2033-06-30',
          netPay: 500_000,
          body: { payments: [{ label: '賞与', amount: 500_000 }], deductions: [], attendance: [] },
          uploadId: upload!.id,
        })),
      );
    }
    const before = h.lark.messages.length;
    const clock = new Date();
    const runs = await Promise.all([runSlipNotices(h.db, clock), runSlipNotices(h.db, clock)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await runSlipNotices(h.db, clock)).toBe(0);
    const [queued] = (await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.idempotencyKey} like ${`slip-notice:upload-${upload!.id}:%`}`)) as { n: number }[];
    expect(queued!.n).toBe(count);
    await h.lark.waitForMessages(before + count, 120_000);
    await drained(h, 120_000);
    const sent = h.lark.messages.slice(before).filter((m) => m.receive_id.startsWith('ou_bulk'));
    expect(sent).toHaveLength(count);
    expect(new Set(sent.map((m) => m.receive_id)).size).toBe(count);
    expect(sent.every((m) => !/500,?000|円/.test(textOf(m.content)))).toBe(true);
  }, 240_000);
});
