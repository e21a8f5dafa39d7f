// The downloads: my month as .xlsx (opened with exceljs, its totals those of the calculation), every
// employee's month for payroll (expense.view_attendance), and the month as PDF with Japanese text.
import ExcelJS from 'exceljs';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeAttendanceTabs } from '@portal/shared/attendance/merge';
import type { TAttendanceTotals } from '@portal/shared/attendance/schema';
import {
  ATTENDANCE_DAY_HEADERS,
  ATTENDANCE_TAB_NAMES,
  ATTENDANCE_TOTAL_LABELS,
  ATTENDANCE_XLSX_TYPE,
} from '@portal/shared/contracts/attendance';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';
import { ATTENDANCE_WORKFLOW_ID, getMonth, setDay, withDefaultInput } from './support/attendance-fixtures.ts';

let t: TestContext;
let as: As;
let expected: ReturnType<typeof computeAttendanceTabs>;
let taskId: number;

function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  // supertest hands the raw response stream here.
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

async function download(username: string, path: string) {
  return request(t.app)
    .get(`/api/${path}`)
    .set(await as(username))
    .buffer(true)
    .parse(binary);
}

async function workbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

/**
 * A duration cell back to minutes. exceljs reads a cell formatted [h]:mm as a Date (the Excel serial
 * counted from 1899-12-30), so both forms are accepted.
 */
function minutesOf(value: ExcelJS.CellValue): number {
  const days = value instanceof Date ? value.getTime() / 86_400_000 + 25_569 : (value as number);
  return Math.round(days * 1440);
}

/** The totals block of a sheet: label in column A, value in B (Excel durations back to minutes). */
function totalsOf(sheet: ExcelJS.Worksheet): Partial<TAttendanceTotals> {
  const out: Record<string, number> = {};
  sheet.eachRow((row) => {
    const item = ATTENDANCE_TOTAL_LABELS.find((l) => l.label === row.getCell(1).value);
    const value = row.getCell(2).value;
    if (item) out[item.key] = item.unit === 'minutes' ? minutesOf(value) : (value as number);
  });
  return out;
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const month = await getMonth(t, as, 'yamada', 2025, 4);
  const body = withDefaultInput(month);
  setDay(body, 'first', 1, { end: '23:30' });
  setDay(body, 'first', 2, { type: '03', start: '13:00', end: '18:00' });
  setDay(body, 'second', 5, { type: '05', start: '10:00', end: '15:00' });
  const res = await request(t.app)
    .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
    .set(await as('yamada'))
    .send({ ...body, year: 2025, month: 4, remark: '4月分' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  taskId = res.body.id;
  const saved = await getMonth(t, as, 'yamada', 2025, 4);
  expected = computeAttendanceTabs({
    year: 2025,
    month: 4,
    calendar: saved.calendar,
    first: saved.first,
    second: saved.second,
  });
  expect(saved.result).toEqual(expected);
});
afterAll(() => t?.close());

describe('my month as .xlsx', () => {
  it('opens with exceljs; Japanese headers; each tab’s totals are the calculation’s', async () => {
    const res = await download('yamada', 'attendance/download/2025/4/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(ATTENDANCE_XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const book = await workbook(res.body as Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(Object.values(ATTENDANCE_TAB_NAMES));
    const first = book.getWorksheet(ATTENDANCE_TAB_NAMES.first)!;
    expect(first.getRow(2).values).toEqual(
      expect.arrayContaining([
        ATTENDANCE_DAY_HEADERS.day,
        ATTENDANCE_DAY_HEADERS.weekday,
        ATTENDANCE_DAY_HEADERS.total,
      ]),
    );
    expect(totalsOf(first)).toEqual(expected.first.totals);
    expect(totalsOf(book.getWorksheet(ATTENDANCE_TAB_NAMES.second)!)).toEqual(expected.second.totals);
    expect(totalsOf(book.getWorksheet(ATTENDANCE_TAB_NAMES.merged)!)).toEqual(expected.merged.totals);
    expect(expected.merged.totals.night_over_time).toBe(90);
    expect(expected.merged.totals.paid_vacation_days).toBe(0.5);
    // The 1st: 09:00–23:30 less the lunch hour → 13:30 worked.
    expect(minutesOf(first.getRow(3).getCell(11).value)).toBe(810);
  });

  it('is 404 without an employee record and for a month that does not exist', async () => {
    expect((await download('admin', 'attendance/download/2025/4/')).status).toBe(404);
    expect((await download('yamada', 'attendance/download/2025/13/')).status).toBe(404);
  });
});

describe('every employee’s month for payroll', () => {
  it('one row an employee with a report, for expense.view_attendance only', async () => {
    const res = await download('hr', 'expense/attendance/year/2025/month/4/');
    expect(res.status).toBe(200);
    const sheet = (await workbook(res.body as Buffer)).worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('氏名');
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, n) => n > 1 && rows.push(row));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.getCell(2).value).toBe('山田 太郎');
    ATTENDANCE_TOTAL_LABELS.forEach((item, i) => {
      const value = rows[0]!.getCell(5 + i).value;
      expect(item.unit === 'minutes' ? minutesOf(value) : value, item.key).toBe(
        expected.merged.totals[item.key],
      );
    });
    for (const username of ['yamada', 'kato', 'suzuki']) {
      const refused = await request(t.app)
        .get('/api/expense/attendance/year/2025/month/4/')
        .set(await as(username));
      expect(refused.status, username).toBe(403);
    }
  });
});

// Issue 38: the workbook is written as its pages of 1,000 employees are read, never whole in memory.
it('streams a month of more employees than a page: each once, in code order, frozen header', async () => {
  await t.db.execute(
    sql`insert into employees (code, last_name, first_name)
        select 'PAY' || lpad(g::text, 5, '0'), '給与', '花子' || g from generate_series(1, 1_234) g`,
  );
  await t.db.execute(
    sql`insert into attendance_versions (task_id, version, employee_id, year, month, data, result)
        select v.task_id, 1_000 + e.id, e.id, v.year, v.month, v.data, v.result
        from attendance_versions v, employees e
        where v.task_id = ${taskId} and v.version = 1 and e.code like 'PAY%'`,
  );
  try {
    const res = await download('hr', 'expense/attendance/year/2025/month/4/');
    expect(res.status).toBe(200);
    const sheet = (await workbook(res.body as Buffer)).worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).value).toBe('社員コード');
    const codes: string[] = [];
    sheet.eachRow((row, n) => n > 1 && codes.push(String(row.getCell(1).value)));
    expect(codes.filter((code) => code.startsWith('PAY'))).toEqual(
      Array.from({ length: 1_234 }, (_, i) => `PAY${String(i + 1).padStart(5, '0')}`),
    );
    expect(codes).toHaveLength(1_235);
  } finally {
    await t.db.execute(sql`delete from employees where code like 'PAY%'`);
  }
});

describe('the month as PDF', () => {
  async function textOf(body: Buffer): Promise<string> {
    const pdf = await getDocumentProxy(new Uint8Array(body));
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  }

  it('my month and a report carry Japanese text', async () => {
    const mine = await download('yamada', 'attendance/pdf/2025/4/');
    expect(mine.status, mine.body.toString().slice(0, 200)).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const text = await textOf(mine.body as Buffer);
    for (const word of ['2025年4月 勤怠表', '山田 太郎', '総労働時間', '有給', '備考：4月分'])
      expect(text, word).toContain(word);

    const report = await download('suzuki', `attendance/tasks/pdf/${taskId}/`);
    expect(report.status).toBe(200);
    expect(await textOf(report.body as Buffer)).toContain('山田 太郎');
    expect((await download('kato', `attendance/tasks/pdf/${taskId}/`)).status).toBe(404);
  });
});
