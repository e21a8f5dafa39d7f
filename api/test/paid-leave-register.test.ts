// Issue 35: the 年次有給休暇管理簿 (労基則 第24条の7) as .xlsx for an organisation and a year: every member
// with 基準日, days granted and dates taken; HR only (employee.view_employee); bad input is a 400 naming
// the field.
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_LEAVE_REGISTER_XLSX_TYPE, type TPaidLeaveYear } from '@portal/shared/contracts/vacations';
import { employees } from '../src/db/schema/employees.ts';
import { organizations, positions } from '../src/db/schema/organizations.ts';
import { accessLog } from '../src/db/schema/privacy.ts';
import { vacations } from '../src/db/schema/vacations.ts';
import { runPaidLeaveGrants } from '../src/modules/vacations/grant-job.ts';
import { REGISTER_HEADERS } from '../src/modules/vacations/paid-leave-register.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let orgId: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const [org] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, '開発一課'));
  orgId = org!.id;
});
afterAll(() => t?.close());

function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

async function download(username: string, query: string) {
  return request(t.app)
    .get(`/api/paid-vacation/register/?${query}`)
    .set(await as(username))
    .buffer(true)
    .parse(binary);
}

describe('GET paid-vacation/register/', () => {
  it('lists every member of 開発一課 with 基準日, days granted and dates taken', async () => {
    await runPaidLeaveGrants(t.db, '2026-11-25');
    const members = await t.db
      .selectDistinct({
        id: employees.id,
        code: employees.code,
        lastName: employees.lastName,
        firstName: employees.firstName,
      })
      .from(positions)
      .innerJoin(employees, eq(employees.id, positions.employeeId))
      .where(eq(positions.organizationId, orgId));
    expect(members.length).toBeGreaterThan(1);
    const taker = members[0]!;
    await t.db.insert(vacations).values([
      { employeeId: taker.id, category: '01', startDate: '2026-02-02', endDate: '2026-02-04', days: 3 },
      {
        employeeId: taker.id,
        category: '01',
        startDate: '2026-03-06',
        endDate: '2026-03-06',
        days: 0.5,
        isStartHalf: true,
      },
    ]);

    const res = await download('hr', `year=2026&organization=${orgId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain(PAID_LEAVE_REGISTER_XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('年次有給休暇管理簿 2026年 開発一課');
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([...REGISTER_HEADERS]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 2) rows.push((row.values as unknown[]).slice(1));
    });
    expect([...new Set(rows.map((r) => r[0]))].sort()).toEqual(members.map((m) => m.code).sort());
    for (const row of rows) expect(row[2]).toMatch(/^2026-\d\d-\d\d$|^$/);
    const takerRows = rows.filter((r) => r[0] === taker.code);
    expect(takerRows[0]![1]).toBe(`${taker.lastName} ${taker.firstName}`);
    expect(takerRows[0]![4]).toBe(3.5);
    expect(takerRows[0]![5]).toBe('2026-02-02〜2026-02-04、2026-03-06（半日含む）');

    // One access row (issue 34) names hr and lists every member the workbook holds.
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, 'leave_register'), eq(accessLog.recordId, `2026/${orgId}`)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actorName).toBe('hr');
    expect([...logged[0]!.subjects].sort()).toEqual(members.map((m) => m.id).sort());
  });

  it("renders one person's register as a PDF with Japanese text", async () => {
    const [member] = await t.db
      .select({ id: employees.id, code: employees.code, lastName: employees.lastName })
      .from(positions)
      .innerJoin(employees, eq(employees.id, positions.employeeId))
      .where(eq(positions.organizationId, orgId))
      .orderBy(employees.code);
    const res = await request(t.app)
      .get(`/api/paid-vacation/register/employees/${member!.id}/pdf/?year=2026`)
      .set(await as('hr'))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.body as Buffer));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('年次有給休暇管理簿 2026年');
    expect(text).toContain(member!.lastName);
    expect(text).toContain(`社員番号 ${member!.code}`);
    expect(text).toContain('基準日');
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, 'leave_register'), eq(accessLog.recordId, '2026')));
    expect(logged.map((row) => [row.actorName, row.subjects])).toEqual([['hr', [member!.id]]]);
    const refused = await request(t.app)
      .get(`/api/paid-vacation/register/employees/${member!.id}/pdf/?year=2026`)
      .set(await as('yamada'));
    expect(refused.status).toBe(403);
  });

  it('refuses a user without the HR permission', async () => {
    const res = await download('yamada', `year=2026&organization=${orgId}`);
    expect(res.status).toBe(403);
  });

  it('answers 400 naming the field for a bad year', async () => {
    const res = await request(t.app)
      .get(`/api/paid-vacation/register/?year=abc&organization=${orgId}`)
      .set(await as('hr'));
    expect(res.status).toBe(400);
    expectJapaneseError(res.body);
    expect(JSON.stringify(res.body)).toContain('年');
  });
});

describe("the employee's own year (paid-vacation/year/)", () => {
  it('answers yamada his grants, dates and judgements, and his register as xlsx and Japanese PDF', async () => {
    await runPaidLeaveGrants(t.db, '2026-11-25');
    const res = await request(t.app)
      .get('/api/paid-vacation/year/2026/')
      .set(await as('yamada'));
    expect(res.status).toBe(200);
    const year = res.body as TPaidLeaveYear;
    expect(year.year).toBe(2026);
    expect(year.grants.length).toBeGreaterThan(0);
    for (const g of year.grants) expect(g.remaining_days).toBe(g.days - g.used_days);
    for (const d of year.decisions) expect(d.reason).toMatch(/第39条/);

    const xlsx = await request(t.app)
      .get('/api/paid-vacation/year/2026/register/')
      .set(await as('yamada'))
      .buffer(true)
      .parse(binary);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain(PAID_LEAVE_REGISTER_XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(3).getCell(1).text).toBe(year.code);

    const pdf = await request(t.app)
      .get('/api/paid-vacation/year/2026/register/pdf/')
      .set(await as('yamada'))
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(pdf.body as Buffer));
    const { text } = await extractText(doc, { mergePages: true });
    expect(text).toContain('年次有給休暇管理簿');
    expect(text).toContain(year.name);
  });

  it('logs that hr opened the at-risk list, listing whom it named', async () => {
    const before = await t.db.select().from(accessLog).where(eq(accessLog.kind, 'leave_obligation'));
    const res = await request(t.app)
      .get('/api/paid-vacation/obligation/at-risk/')
      .set(await as('hr'));
    expect(res.status).toBe(200);
    const listed = (res.body as { employee_id: number }[]).map((p) => p.employee_id);
    const rows = await t.db.select().from(accessLog).where(eq(accessLog.kind, 'leave_obligation'));
    expect(rows.length - before.length).toBe(listed.length > 0 ? 1 : 0);
    if (listed.length > 0)
      expect(rows.at(-1)).toMatchObject({ action: 'view', subjects: [...listed].sort((a, b) => a - b) });
  });
});
