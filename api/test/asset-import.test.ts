// Issue 31, 資材の一括登録: units from CSV or xlsx on the console's check → preview → confirm. Each bad
// row is answered at its line and column in Japanese and nothing is written; a clean file is added
// 在庫 in one transaction, audited once; the file's limits and the callers' permissions are the
// people import's.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_ROWS,
  type TAssetImportPreview,
} from '@portal/shared/contracts/asset-import';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

const HEADER: string[] = ASSET_IMPORT_COLUMNS.map((c) => c.label);
const CHECK = '/api/admin/asset-import/check/';
const CONFIRM = '/api/admin/asset-import/confirm/';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function counts() {
  const [row] = await rows<{ assets: number; audit: number }>(sql`select
    (select count(*)::int from assets) as assets, (select count(*)::int from admin_audit_log) as audit`);
  return row!;
}

/** A CSV with every cell quoted, so a comma inside a cell stays in it. */
const csv = (lines: string[][]) =>
  lines.map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';

const upload = (fileName: string, bytes: Buffer | string) => ({
  file_name: fileName,
  content: Buffer.from(bytes).toString('base64'),
});

async function check(body: object, username = 'inoue') {
  return request(t.app)
    .post(CHECK)
    .set(await as(username))
    .send(body);
}

async function confirm(body: object, token: string, username = 'inoue') {
  return request(t.app)
    .post(CONFIRM)
    .set(await as(username))
    .send({ ...body, token });
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

describe('a row with an error', () => {
  // Each case: one row after a good first line (line 2), and the error expected at line 3.
  const cases: { name: string; row: string[]; column: string; message: RegExp }[] = [
    {
      name: 'an unknown type',
      row: ['IMP-U1', 'スキャナー', '', ''],
      column: '資材種別',
      message: /資材種別「スキャナー」は登録されていない/,
    },
    {
      name: 'no type',
      row: ['IMP-U2', '', '', ''],
      column: '資材種別',
      message: /資材種別 は必須項目です。/,
    },
    {
      name: 'a 管理番号 twice in the file',
      row: ['IMP-A1', 'ノートPC', '', ''],
      column: '管理番号',
      message: /管理番号 が 2 行目と重複しています。/,
    },
    {
      name: 'a 管理番号 already in the database',
      row: ['PC-001', 'ノートPC', '', ''],
      column: '管理番号',
      message: /管理番号「PC-001」はすでに登録されています。/,
    },
    {
      name: 'no 管理番号',
      row: ['', 'ノートPC', '', ''],
      column: '管理番号',
      message: /管理番号 は必須項目/,
    },
    {
      name: 'an impossible date',
      row: ['IMP-D1', 'ノートPC', '', '2026-02-30'],
      column: '購入日',
      message: /購入日/,
    },
    {
      name: 'a date that is no date',
      row: ['IMP-D2', 'モニター', '', '昨日'],
      column: '購入日',
      message: /購入日/,
    },
    {
      name: 'a 管理番号 over 50 characters',
      row: ['X'.repeat(51), 'モニター', '', ''],
      column: '管理番号',
      message: /50/,
    },
  ];

  it.each(cases)('$name is answered at its line and column, and confirm writes nothing', async (c) => {
    const file = csv([HEADER, ['IMP-A1', 'ノートPC', 'SN-1', '2026-04-01'], c.row]);
    const before = await counts();
    const res = await check(upload('assets.csv', file));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = res.body as TAssetImportPreview;
    expect(preview.rows).toHaveLength(2);
    expect(preview.errors.map((e) => `${e.row}:${e.column}`)).toEqual([`3:${c.column}`]);
    expect(preview.errors[0]!.message).toMatch(c.message);
    const refused = await confirm(upload('assets.csv', file), preview.token);
    expect(refused.status).toBe(400);
    expectJapaneseError(refused.body);
    expect(await counts()).toEqual(before);
  });
});

describe('a file the import refuses', () => {
  const cases: { name: string; body: { file_name: string; content: string }; status: number }[] = [
    { name: 'a PDF', body: upload('assets.pdf', '%PDF-1.4 nothing'), status: 400 },
    { name: 'a header only', body: upload('assets.csv', csv([HEADER])), status: 400 },
    {
      name: 'another header',
      body: upload(
        'assets.csv',
        csv([
          ['管理番号', '種別'],
          ['A1', 'ノートPC'],
        ]),
      ),
      status: 400,
    },
    { name: 'no content', body: { file_name: 'assets.csv', content: '' }, status: 400 },
    {
      name: 'more rows than ASSET_IMPORT_MAX_ROWS',
      body: upload(
        'many.csv',
        csv([
          HEADER,
          ...Array.from({ length: ASSET_IMPORT_MAX_ROWS + 1 }, (_, i) => [`M-${i}`, 'ノートPC', '', '']),
        ]),
      ),
      status: 400,
    },
    {
      name: 'a body over the upload limit',
      body: { file_name: 'big.csv', content: 'A'.repeat(5 << 20) },
      status: 413,
    },
  ];
  it.each(cases)('$name: $status in Japanese', async (c) => {
    const before = await counts();
    const res = await check(c.body);
    expect(res.status).toBe(c.status);
    expectJapaneseError(res.body);
    expect(await counts()).toEqual(before);
  });

  it.each([
    { name: 'an employee', username: 'yamada' },
    { name: 'staff without assets.change_asset', username: 'hr' },
  ])('is refused to $name (403) at check and confirm, writing nothing', async ({ username }) => {
    const body = upload('assets.csv', csv([HEADER, ['IMP-P1', 'ノートPC', '', '']]));
    const before = await counts();
    expect((await check(body, username)).status).toBe(403);
    expect((await confirm(body, 'a'.repeat(64), username)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses a confirm whose file differs from its preview (409), writing nothing', async () => {
    const preview = (await check(upload('a.csv', csv([HEADER, ['IMP-S1', 'ノートPC', '', '']]))))
      .body as TAssetImportPreview;
    const before = await counts();
    const res = await confirm(upload('a.csv', csv([HEADER, ['IMP-S2', 'ノートPC', '', '']])), preview.token);
    expect(res.status).toBe(409);
    expectJapaneseError(res.body);
    expect(await counts()).toEqual(before);
  });
});

describe('a good file', () => {
  it('adds every unit 在庫 in one transaction, audited once, a quoted comma kept', async () => {
    const file = csv([
      HEADER,
      ['IMP-G1', 'ノートPC', 'SN-G1, rev.2', '2026/4/1'],
      ['IMP-G2', 'モニター', '', ''],
      ['IMP-G3', 'タブレット', 'SN-G3', '2026-05-10'],
    ]);
    const body = upload('good.csv', file);
    const preview = (await check(body)).body as TAssetImportPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.rows[0]!.cells['シリアル番号']).toBe('SN-G1, rev.2');
    const before = await counts();
    const res = await confirm(body, preview.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ created: 3 });
    const added = await rows<{
      asset_id: string;
      type: string;
      serial: string;
      status: string;
      on: string | null;
    }>(
      sql`select a.asset_id, t.name as type, a.serial_number as serial, a.status, a.purchased_on::text as on
          from assets a join asset_types t on t.id = a.asset_type_id where a.asset_id like 'IMP-G%' order by 1`,
    );
    expect(added).toEqual([
      { asset_id: 'IMP-G1', type: 'ノートPC', serial: 'SN-G1, rev.2', status: 'stock', on: '2026-04-01' },
      { asset_id: 'IMP-G2', type: 'モニター', serial: '', status: 'stock', on: null },
      { asset_id: 'IMP-G3', type: 'タブレット', serial: 'SN-G3', status: 'stock', on: '2026-05-10' },
    ]);
    expect(await counts()).toEqual({ assets: before.assets + 3, audit: before.audit + 1 });
    const [audit] = await rows<{ action: string; label: string; after: { asset_ids: string[] } }>(
      sql`select action, object_label as label, after from admin_audit_log order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      action: 'import',
      label: 'good.csv（3 台）',
      after: { asset_ids: ['IMP-G1', 'IMP-G2', 'IMP-G3'] },
    });
    // The same file again: every 管理番号 is now taken.
    const again = (await check(body)).body as TAssetImportPreview;
    expect(again.errors.map((e) => `${e.row}:${e.column}`)).toEqual([
      '2:管理番号',
      '3:管理番号',
      '4:管理番号',
    ]);
  });

  it('reads a Shift_JIS CSV and an xlsx with a date cell', async () => {
    const sjis = upload('sjis.csv', iconv.encode(csv([HEADER, ['IMP-J1', 'ノートPC', '髙①', '']]), 'cp932'));
    const sjisPreview = (await check(sjis)).body as TAssetImportPreview;
    expect(sjisPreview.errors).toEqual([]);
    expect(sjisPreview.rows[0]!.cells['シリアル番号']).toBe('髙①');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('資材');
    sheet.addRow(HEADER);
    sheet.addRow(['IMP-X1', 'モニター', 'SN-X1', new Date(Date.UTC(2026, 3, 1))]);
    const xlsx = upload('assets.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const preview = (await check(xlsx)).body as TAssetImportPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.rows[0]!.cells['購入日']).toBe('2026-04-01');
    expect((await confirm(xlsx, preview.token)).status).toBe(201);
    const [unit] = await rows<{ on: string }>(
      sql`select purchased_on::text as on from assets where asset_id = 'IMP-X1'`,
    );
    expect(unit!.on).toBe('2026-04-01');
  });
});
