// Issue 14, acceptance 2: the console's bulk onboarding. A file with every kind of row error is
// refused whole, each error at its line and column, nothing written; a good file of 500 employees
// creates them, their positions and contracts in one transaction (and a failure part-way leaves
// nothing); Shift_JIS CSV and xlsx read as UTF-8 CSV does; the export reads back as an import.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImportPreview, TImportResult } from '@portal/shared/contracts/admin-import';
import { IMPORT_COLUMNS } from '@portal/shared/contracts/admin-import';
import { parseCsv } from '../src/files/csv.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

const HEADER: string[] = IMPORT_COLUMNS.map((c) => c.label);
const CHECK = '/api/admin/people-import/check/';
const CONFIRM = '/api/admin/people-import/confirm/';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function counts() {
  const [row] = await rows<Record<string, number>>(sql`select
    (select count(*)::int from employees) as employees, (select count(*)::int from users) as users,
    (select count(*)::int from contracts) as contracts, (select count(*)::int from positions) as positions,
    (select count(*)::int from admin_audit_log) as audit`);
  return row as Record<'employees' | 'users' | 'contracts' | 'positions' | 'audit', number>;
}

/** One good row: code, names, mail, username, join date, organisation, title, head, part-time, contract. */
function person(n: number, over: Partial<Record<string, string>> = {}): string[] {
  const base: Record<string, string> = {
    社員番号: `IMP${String(n).padStart(4, '0')}`,
    姓: '取込',
    名: `太郎${n}`,
    '姓（カナ）': 'トリコミ',
    '名（カナ）': 'タロウ',
    メールアドレス: `imp${n}@example.test`,
    ユーザー名: `imp${n}`,
    入社日: '2026-04-01',
    所属組織: '開発一課',
    役職: '',
    組織の長: '',
    兼務: '',
    契約開始日: '2026-04-01',
    契約終了日: '',
    始業時刻: '09:00',
    終業時刻: '18:00',
    ...over,
  };
  return HEADER.map((h) => base[h]!);
}

const csv = (lines: string[][]) =>
  lines.map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';

const upload = (fileName: string, bytes: Buffer | string) => ({
  file_name: fileName,
  content: Buffer.from(bytes).toString('base64'),
});

async function check(body: object, username = 'admin') {
  return request(t.app)
    .post(CHECK)
    .set(await as(username))
    .send(body);
}

async function confirm(body: object, token: string, username = 'admin') {
  return request(t.app)
    .post(CONFIRM)
    .set(await as(username))
    .send({ ...body, token });
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  await as('admin');
  await as('hr');
});
afterAll(() => t?.close());

describe('a file with errors', () => {
  it('is answered with every error at its line and column, and confirm writes nothing', async () => {
    const [existing] = await rows<{ code: string }>(sql`select code from employees order by id limit 1`);
    const file = csv([
      HEADER,
      person(1), // line 2: good
      person(2, { 姓: '' }), // 3: missing required
      person(3, { 入社日: '2026-02-30' }), // 4: bad date
      person(4, { 所属組織: '存在しない課' }), // 5: unknown organisation
      person(5, { 社員番号: 'IMP0001', ユーザー名: 'imp5' }), // 6: duplicate code within the file
      person(6, { 社員番号: existing!.code }), // 7: code taken in the database
      person(7, { 始業時刻: '25:00' }), // 8: bad time
      person(8, { 契約開始日: '2026-04-01', 契約終了日: '2026-03-31' }), // 9: end before start
      person(9, { 始業時刻: '18:00', 終業時刻: '09:00' }), // 10: end time before start time
      person(10, { メールアドレス: 'not-mail' }), // 11: bad email
      person(11, { ユーザー名: 'imp1' }), // 12: duplicate username within the file
      person(12, { 組織の長: 'たぶん' }), // 13: not a yes/no
    ]);
    const before = await counts();
    const res = await check(upload('people.csv', file));
    expect(res.status).toBe(200);
    const preview = res.body as TImportPreview;
    expect(preview.rows).toHaveLength(12);
    const at = preview.errors.map((e) => `${e.row}:${e.column}`);
    expect(at).toEqual([
      '3:姓',
      '4:入社日',
      '5:所属組織',
      '6:社員番号',
      '7:社員番号',
      '8:始業時刻',
      '9:契約終了日',
      '10:終業時刻',
      '11:メールアドレス',
      '12:ユーザー名',
      '13:組織の長',
    ]);
    for (const e of preview.errors) expect(e.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(preview.errors.find((e) => e.row === 6)!.message).toContain('2 行目');
    expect(preview.errors.find((e) => e.row === 7)!.message).toBe('この社員番号は既に使われています。');

    const refused = await confirm(upload('people.csv', file), preview.token);
    expect(refused.status).toBe(400);
    expectJapaneseError(refused.body);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not CSV or xlsx, is empty or has another header (400, Japanese)', async () => {
    for (const body of [
      upload('people.pdf', '%PDF-1.4 nothing'),
      upload('people.csv', csv([HEADER])),
      upload(
        'people.csv',
        csv([
          ['社員番号', '氏名'],
          ['A1', '山田'],
        ]),
      ),
      upload('people.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])),
      { file_name: 'people.csv', content: '' },
    ]) {
      const res = await check(body);
      expect(res.status, body.file_name).toBe(400);
      expectJapaneseError(res.body);
    }
  });

  it('refuses a confirm when the database has changed since the preview (400), writing nothing', async () => {
    const body = upload('late.csv', csv([HEADER, person(950)]));
    const preview = (await check(body)).body as TImportPreview;
    expect(preview.errors).toEqual([]);
    const other = upload('other.csv', csv([HEADER, person(950, { ユーザー名: 'other950' })]));
    const first = (await check(other)).body as TImportPreview;
    expect((await confirm(other, first.token)).status).toBe(201);
    const before = await counts();
    const res = await confirm(body, preview.token);
    expect(res.status).toBe(400);
    expectJapaneseError(res.body);
    expect(await counts()).toEqual(before);
  });

  it('answers a body over the upload limit with 413', async () => {
    const res = await check({ file_name: 'big.csv', content: 'A'.repeat(5 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expectJapaneseError(res.body);
  });

  it('refuses a confirm whose file differs from its preview (409)', async () => {
    const preview = (await check(upload('a.csv', csv([HEADER, person(900)])))).body as TImportPreview;
    const before = await counts();
    const res = await confirm(upload('a.csv', csv([HEADER, person(901)])), preview.token);
    expect(res.status).toBe(409);
    expectJapaneseError(res.body);
    expect(await counts()).toEqual(before);
  });
});

describe('a good file', () => {
  it('of 500 employees creates them, their positions and contracts in one transaction, audited once', async () => {
    const lines = [HEADER];
    for (let n = 1000; n < 1500; n++)
      lines.push(person(n, n === 1000 ? { 所属組織: '営業二課', 組織の長: '○', 役職: '課長' } : {}));
    const body = upload('500.csv', `\uFEFF${csv(lines)}`);
    // A superuser: naming 営業二課's head needs organization.change_organization, which hr lacks.
    const preview = (await check(body, 'admin')).body as TImportPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toHaveLength(500);
    const before = await counts();
    const res = await confirm(body, preview.token, 'admin');
    expect(res.status).toBe(201);
    expect(res.body as TImportResult).toEqual({ created: 500, positions: 500, contracts: 500 });
    const after = await counts();
    expect(after.employees - before.employees).toBe(500);
    expect(after.users - before.users).toBe(500);
    expect(after.contracts - before.contracts).toBe(500);
    expect(after.positions - before.positions).toBe(500);
    expect(after.audit - before.audit).toBe(1);
    const [head] = await rows<{ code: string }>(sql`select e.code from organizations o
      join employees e on e.id = o.head_employee_id where o.name = '営業二課'`);
    expect(head!.code).toBe('IMP1000');
    const [account] = await rows<{ password_hash: string | null; must_change_password: boolean }>(
      sql`select password_hash, must_change_password from users where username = 'imp1001'`,
    );
    expect(account).toEqual({ password_hash: null, must_change_password: true });
    const [audit] = await rows<{ action: string; after: { created: number } }>(
      sql`select action, after from admin_audit_log order by id desc limit 1`,
    );
    expect(audit!.action).toBe('import');
    expect(audit!.after.created).toBe(500);
  });

  it('writes nothing when a write fails part-way (everything rolls back)', async () => {
    const lines = [HEADER];
    for (let n = 2000; n < 2010; n++) lines.push(person(n));
    const body = upload('fail.csv', csv(lines));
    const preview = (await check(body)).body as TImportPreview;
    expect(preview.errors).toEqual([]);
    await t.db.execute(sql`create or replace function import_test_fail() returns trigger language plpgsql as
      $$ begin raise exception 'import test: positions refused'; end $$`);
    await t.db.execute(sql`create trigger import_test_fail before insert on positions
      for each statement execute function import_test_fail()`);
    const before = await counts();
    try {
      const res = await confirm(body, preview.token);
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger import_test_fail on positions`);
    }
    expect(await counts()).toEqual(before);
  });

  it('reads a Shift_JIS CSV (Excel for Japanese Windows) as UTF-8', async () => {
    const lines = [HEADER, person(3000, { 姓: '髙橋', 名: '①子', 所属組織: '総務課' })];
    const body = upload('sjis.csv', iconv.encode(csv(lines), 'cp932'));
    const preview = (await check(body)).body as TImportPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.rows[0]!.cells['姓']).toBe('髙橋');
    expect((await confirm(body, preview.token)).status).toBe(201);
    const [row] = await rows<{ name: string }>(
      sql`select e.last_name || e.first_name as name from employees e where code = 'IMP3000'`,
    );
    expect(row!.name).toBe('髙橋①子');
  });

  it('reads xlsx, with date and time cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('社員');
    sheet.addRow(HEADER);
    const cells: (string | Date)[] = person(4000, { 所属組織: '経理課', 契約終了日: '2027-03-31' });
    const idx = (label: string) => HEADER.indexOf(label);
    cells[idx('入社日')] = new Date(Date.UTC(2026, 3, 1));
    cells[idx('始業時刻')] = new Date(Date.UTC(1899, 11, 30, 8, 30));
    sheet.addRow(cells);
    sheet.getRow(2).getCell(idx('始業時刻') + 1).numFmt = 'hh:mm';
    const body = upload('people.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const preview = (await check(body)).body as TImportPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.rows[0]!.cells['入社日']).toBe('2026-04-01');
    expect(preview.rows[0]!.cells['始業時刻']).toBe('08:30');
    expect((await confirm(body, preview.token)).status).toBe(201);
    const [contract] = await rows<{
      start: string;
      end: string;
    }>(sql`select to_char(c.work_start_time, 'HH24:MI') as start,
      c.end_date::text as end from contracts c join employees e on e.id = c.employee_id where e.code = 'IMP4000'`);
    expect(contract).toEqual({ start: '08:30', end: '2027-03-31' });
  });
});

describe('the export', () => {
  it('writes the import layout (BOM, formula cells defused) and reads back as what was imported', async () => {
    const line = person(5000, {
      姓: '=HYPERLINK("x")',
      所属組織: '人事課',
      役職: '主任',
      兼務: '○',
      契約終了日: '2027-03-31',
    });
    const body = upload('one.csv', csv([HEADER, line]));
    const preview = (await check(body)).body as TImportPreview;
    expect(preview.errors).toEqual([]);
    expect((await confirm(body, preview.token)).status).toBe(201);

    const res = await request(t.app)
      .get('/api/admin/people-export/csv/')
      .set(await as('hr'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const table = parseCsv(res.text.slice(1));
    expect(table[0]).toEqual(HEADER);
    const exported = table.find((cells) => cells[0] === 'IMP5000')!;
    expect(exported[1]).toBe(`'=HYPERLINK("x")`);

    // Read back: the exported line is the imported line; only the keys already taken are refused (the
    // sign-in e-mail too, issue 32).
    const back = (await check(upload('back.csv', csv([HEADER, exported])))).body as TImportPreview;
    expect(back.rows[0]!.cells).toEqual(Object.fromEntries(HEADER.map((h, i) => [h, line[i]])));
    expect(back.errors.map((e) => e.column)).toEqual(['社員番号', 'メールアドレス', 'ユーザー名']);
  });

  // Issue 38: the export is read and written in pages of 1,000, never whole in memory.
  it('streams a company larger than a page: everyone once, in code order, the file whole', async () => {
    await t.db.execute(
      sql`insert into employees (code, last_name, first_name, email)
          select 'STR' || lpad(g::text, 5, '0'), '頁', '太郎' || g, 'str' || g || '@example.com'
          from generate_series(1, 2_345) g`,
    );
    try {
      const res = await request(t.app)
        .get('/api/admin/people-export/csv/')
        .set(await as('hr'));
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E7%A4%BE%E5%93%A1");
      const table = parseCsv(res.text.slice(1));
      expect(table[0]).toEqual(HEADER);
      const codes = table.slice(1).map((cells) => cells[0]!);
      expect(new Set(codes).size).toBe(codes.length);
      // In code order across the pages (the same order under any collation for these codes).
      const streamed = codes.filter((code) => code.startsWith('STR'));
      expect(streamed).toEqual(
        Array.from({ length: 2_345 }, (_, i) => `STR${String(i + 1).padStart(5, '0')}`),
      );
      const [count] = (
        (await t.db.execute(sql`select count(*)::int as n from employees`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(codes).toHaveLength(count!.n);
      expect(res.text.endsWith('\r\n')).toBe(true);
    } finally {
      await t.db.execute(sql`delete from employees where code like 'STR%'`);
    }
  });

  it('is refused to a non-staff user', async () => {
    const res = await request(t.app)
      .get('/api/admin/people-export/csv/')
      .set(await as('yamada'));
    expect(res.status).toBe(403);
  });
});
