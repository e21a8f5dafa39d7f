// Issue 13, slips: payment-slip/, payment-slip/{id}/, payment-slip/{id}/pdf/, withholding/,
// withholding/{id}/, withholding/{id}/pdf/ for the owner, HR (the expense permissions), another
// employee, the employee's manager, anonymous callers and bad input; the owner's first opening noted on
// the slip, every view and download by HR written to the access log (issue 34).
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { accessLog } from '../src/db/schema/privacy.ts';
import { paymentSlips, withholdingSlips } from '../src/db/schema/slips.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  // supertest hands the raw response stream here.
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

async function employeeIdOf(username: string): Promise<number> {
  const [row] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!.id;
}

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

const KINDS = [
  { path: 'payment-slip', kind: 'payment' as const, heading: '給与明細' },
  { path: 'withholding', kind: 'withholding' as const, heading: '源泉徴収票' },
];

describe.each(KINDS)('$path', ({ path, kind, heading }) => {
  let firstId: number;

  it("lists the owner's slips by year, newest first, without the net pay", async () => {
    const res = await request(t.app)
      .get(`/api/${path}/`)
      .set(await as('yamada'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: expect.any(Number), previous: null });
    expect(res.body.count).toBeGreaterThan(0);
    const row = res.body.results[0];
    expect(row).toMatchObject({
      id: expect.any(Number),
      year: expect.any(Number),
      issued_on: expect.any(String),
    });
    expect(row.title).toContain(kind === 'payment' ? '明細' : '源泉徴収票');
    expect(row).not.toHaveProperty('net_pay');
    firstId = row.id;
    const year = await request(t.app)
      .get(`/api/${path}/?year=${row.year}`)
      .set(await as('yamada'));
    expect(year.body.results.every((r: { year: number }) => r.year === row.year)).toBe(true);
    const none = await request(t.app)
      .get(`/api/${path}/?year=2001`)
      .set(await as('yamada'));
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('pages twelve payslips ten at a time', async () => {
    if (kind !== 'payment') return;
    const res = await request(t.app)
      .get(`/api/${path}/`)
      .set(await as('yamada'));
    expect(res.body.count).toBe(12);
    expect(res.body.results).toHaveLength(10);
    expect(res.body.next).toContain('page=2');
  });

  it('shows the owner the slip and logs the view; the PDF is Japanese and logs the download', async () => {
    const detail = await request(t.app)
      .get(`/api/${path}/${firstId}/`)
      .set(await as('yamada'));
    expect(detail.status).toBe(200);
    expect(detail.body.employee.name).toBe('山田 太郎');
    if (kind === 'payment') {
      expect(detail.body.net_pay).toBe(detail.body.total_payment - detail.body.total_deduction);
      expect(detail.body.payments[0]).toEqual({ label: '基本給', amount: expect.any(Number) });
    } else {
      expect(detail.body.payment_amount).toBeGreaterThan(0);
    }
    const pdf = await request(t.app)
      .get(`/api/${path}/${firstId}/pdf/`)
      .set(await as('yamada'))
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain("filename*=UTF-8''");
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(heading);
    expect(text).toContain('山田 太郎');
    if (kind === 'payment') expect(text).toContain('差引支給額');
    // Reading one's own slip writes no access row; the first opening is noted on the slip.
    const log = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, `${kind}_slip`), eq(accessLog.recordId, String(firstId))));
    expect(log).toEqual([]);
    const table = kind === 'payment' ? paymentSlips : withholdingSlips;
    const [slip] = await t.db.select({ openedAt: table.openedAt }).from(table).where(eq(table.id, firstId));
    expect(slip?.openedAt).toBeInstanceOf(Date);
  });

  it('lets HR (the expense permissions) see the slip and list it with ?employee=', async () => {
    expect(
      (
        await request(t.app)
          .get(`/api/${path}/${firstId}/`)
          .set(await as('hr'))
      ).status,
    ).toBe(200);
    const list = await request(t.app)
      .get(`/api/${path}/?employee=${await employeeIdOf('yamada')}`)
      .set(await as('hr'));
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toContain(firstId);
    const logged = await t.db
      .select({ subjects: accessLog.subjects, action: accessLog.action })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.recordId, String(firstId)),
          eq(accessLog.kind, `${kind}_slip`),
          eq(accessLog.actorId, await userIdOf('hr')),
        ),
      );
    expect(logged).toEqual([{ subjects: [await employeeIdOf('yamada')], action: 'view' }]);
  });

  it.each(['suzuki', 'kato', 'mori'])(
    'answers %s (the manager, an org-only viewer, a colleague) 404 and logs nothing',
    async (who) => {
      const before = (await t.db.select().from(accessLog)).length;
      for (const url of [`/api/${path}/${firstId}/`, `/api/${path}/${firstId}/pdf/`]) {
        const res = await request(t.app)
          .get(url)
          .set(await as(who));
        expect(res.status, url).toBe(404);
      }
      const list = await request(t.app)
        .get(`/api/${path}/?employee=${await employeeIdOf('yamada')}`)
        .set(await as(who));
      expect(list.status).toBe(404);
      expect((await t.db.select().from(accessLog)).length).toBe(before);
    },
  );

  it('answers 401 without a token and 404 for a slip that does not exist', async () => {
    for (const url of [`/api/${path}/`, `/api/${path}/${firstId}/`, `/api/${path}/${firstId}/pdf/`])
      expect((await request(t.app).get(url)).status, url).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`/api/${path}/99999999/`)
          .set(await as('hr'))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get(`/api/${path}/abc/`)
          .set(await as('yamada'))
      ).status,
    ).toBe(404);
  });

  it.each(['year=abc', 'year=1800', 'year=2026.5', 'page=0', 'employee=x'])(
    'answers ?%s with 400 and a Japanese message',
    async (query) => {
      const res = await request(t.app)
        .get(`/api/${path}/?${query}`)
        .set(await as('yamada'));
      expect(res.status).toBe(400);
      expectJapaneseError(res.body);
      expect(Object.keys(res.body)).toContain(query.split('=')[0]);
    },
  );
});

describe('a user without an employee record', () => {
  it('has no slips of their own', async () => {
    const res = await request(t.app)
      .get('/api/payment-slip/')
      .set(await as('admin'));
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
