// Issue 14, "Company and master data": the console's 会社・マスタ endpoints. The company's name and the
// station master's import refuse a non-staff user and a staff user without their permission (403),
// answer bad input with a 400 in Japanese at the field and write nothing, and record every change in
// the audit with before and after; the bank master's version is the zengin-code package's data date.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminMasters, TAdminStationImport } from '@portal/shared/contracts/admin';
import { PERM } from '@portal/shared/permissions';
import { encodeUploadString } from '@portal/shared/workflow/upload';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { cheapDemoHash } from './support/test-password.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function digest(): Promise<string> {
  const parts = ['company_info', 'stations', 'admin_audit_log'].map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
        from ${sql.identifier(table)} r`,
  );
  return JSON.stringify(await rows(sql.join(parts, sql` union all `)));
}

function upload(name: string, text: string): string {
  return encodeUploadString(name, Buffer.from(text, 'utf8').toString('base64'));
}

const STATION_HEADER =
  'station_cd,station_g_cd,station_name,station_name_k,station_name_r,line_cd,pref_cd,post,address,lon,lat,open_ymd,close_ymd,e_status,e_sort';
const LINE_CSV = [
  'line_cd,company_cd,line_name,line_name_k,line_name_h,line_color_c,line_color_t,line_type,lon,lat,zoom,e_status,e_sort',
  '99990,2,テスト線,テストセン,テスト線,,,,139.7,35.6,12,0,99990',
].join('\n');
const stationCsv = (...lines: string[]) => [STATION_HEADER, ...lines].join('\r\n');
const GOOD_STATIONS = stationCsv(
  '9999001,9999001,試験一丁目,,,99990,13,100-0001,東京都千代田区,139.7,35.6,,,0,1',
  '9999002,9999002,試験二丁目,,,99990,13,100-0002,東京都千代田区,139.7,35.6,,,0,2',
  // Closed stations (e_status 2) are left out.
  '9999003,9999003,廃止駅,,,99990,13,,,139.7,35.6,,,2,3',
);

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const passwordHash = await cheapDemoHash();
  await t.db.insert(users).values([
    { username: 'staff_none', fullName: '権限なしスタッフ', passwordHash, isStaff: true },
    { username: 'staff_masters', fullName: 'マスタ担当スタッフ', passwordHash, isStaff: true },
    { username: 'plain_masters', fullName: '非スタッフ', passwordHash, isStaff: false },
  ]);
  // staff_masters may import stations but not rename the company; plain_masters holds both, not is_staff.
  await t.db.execute(sql`insert into user_permissions (user_id, permission_id)
    select u.id, p.id from users u, permissions p
    where (u.username = 'staff_masters' and p.codename = ${PERM.changeStation})
       or (u.username = 'plain_masters' and p.codename in (${PERM.changeStation}, ${PERM.changeCompanyInfo}))`);
  for (const username of ['staff_none', 'staff_masters', 'plain_masters', 'admin']) await as(username);
});
afterAll(() => t?.close());

const ENDPOINTS = [
  { method: 'get', path: '/api/admin/masters/', body: undefined },
  { method: 'patch', path: '/api/admin/company/', body: { name: '新社名株式会社' } },
  { method: 'put', path: '/api/admin/company/logo/', body: { logo: 'data:image/png;base64,AAAA' } },
  { method: 'delete', path: '/api/admin/company/logo/', body: undefined },
  {
    method: 'post',
    path: '/api/admin/stations/import/',
    body: { station_file: upload('station.csv', GOOD_STATIONS), line_file: upload('line.csv', LINE_CSV) },
  },
] as const;

const STATION_BODY = {
  station_file: upload('station.csv', GOOD_STATIONS),
  line_file: upload('line.csv', LINE_CSV),
};

describe('refusals', () => {
  it('refuses users without is_staff, even holding the permissions, and staff without them', async () => {
    const before = await digest();
    for (const username of ['yamada', 'plain_masters', 'staff_none']) {
      for (const e of ENDPOINTS) {
        const res = await request(t.app)
          [e.method](e.path)
          .set(await as(username))
          .send(e.body);
        expect(res.status, `${username} ${e.method} ${e.path}`).toBe(403);
        expectJapaneseError(res.body);
      }
    }
    // Station rights do not include the company's name.
    const res = await request(t.app)
      .patch('/api/admin/company/')
      .set(await as('staff_masters'))
      .send({ name: '新社名株式会社' });
    expect(res.status).toBe(403);
    expect(await digest()).toBe(before);
  });
});

describe('the masters overview', () => {
  it('shows the company, the bank master version and the station count with what the caller may change', async () => {
    const res = await request(t.app)
      .get('/api/admin/masters/')
      .set(await as('staff_masters'));
    expect(res.status).toBe(200);
    const body = res.body as TAdminMasters;
    expect(body.bank_master.package).toBe('zengin-code');
    expect(body.bank_master.data_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.bank_master.version).toContain(body.bank_master.data_date!.replaceAll('-', ''));
    expect(body.company.name).not.toBe('');
    expect(body).toMatchObject({ can_change_company: false, can_import_stations: true });
  });
});

describe('company info', () => {
  it('answers bad input with a 400 at the field and writes nothing', async () => {
    const before = await digest();
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(201) },
      {},
      { name: '社名', logo: 'x' },
      { name: 3 },
    ]) {
      const res = await request(t.app)
        .patch('/api/admin/company/')
        .set(await as('admin'))
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectJapaneseError(res.body);
    }
    expect(await digest()).toBe(before);
  });

  it('renames the company and audits the name before and after', async () => {
    const old = (await rows<{ name: string }>(sql`select name from company_info`))[0]!.name;
    const res = await request(t.app)
      .patch('/api/admin/company/')
      .set(await as('admin'))
      .send({ name: '  株式会社テスト  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as TAdminMasters).company.name).toBe('株式会社テスト');
    const portal = await request(t.app)
      .get('/api/admin/masters/')
      .set(await as('admin'));
    expect(portal.body.company.name).toBe('株式会社テスト');
    const [audit] = await rows<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from admin_audit_log where resource = 'company' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'update', before: { name: old }, after: { name: '株式会社テスト' } });
  });
});

describe('company logo', () => {
  it('refuses what is not a raster image with a 400 at logo, writing nothing', async () => {
    const before = await digest();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    for (const body of [
      {},
      { logo: '' },
      { logo: 'not base64 !' },
      { logo: `data:image/svg+xml;base64,${svg}` },
      { logo: 'data:image/png;base64,AAAA' },
      { logo: 'AAAA', extra: 1 },
    ]) {
      const res = await request(t.app)
        .put('/api/admin/company/logo/')
        .set(await as('admin'))
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectJapaneseError(res.body);
    }
    expect(await digest()).toBe(before);
  });

  it('re-encodes the logo as a PNG within 512 px, shows it, audits it, and removes it', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const res = await request(t.app)
      .put('/api/admin/company/logo/')
      .set(await as('admin'))
      .send({ logo: `data:image/jpeg;base64,${jpeg.toString('base64')}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const logo = (res.body as TAdminMasters).company.logo!;
    expect(logo).toMatch(/^data:image\/png;base64,/);
    const meta = await sharp(Buffer.from(logo.split(',')[1]!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 128]);
    const [audit] = await rows<{ action: string; before: { logo: unknown }; after: { logo: string } }>(
      sql`select action, before, after from admin_audit_log where resource = 'company' order by id desc limit 1`,
    );
    expect(audit!.action).toBe('set_logo');
    expect(audit!.before).toEqual({ logo: null });
    expect(audit!.after.logo).toMatch(/^PNG \d+ bytes$/);

    const removed = await request(t.app)
      .delete('/api/admin/company/logo/')
      .set(await as('admin'));
    expect(removed.status).toBe(200);
    expect((removed.body as TAdminMasters).company.logo).toBeNull();
  });
});

describe('station master import', () => {
  const bad: { name: string; body: unknown; field: string }[] = [
    { name: 'no files', body: {}, field: 'station_file' },
    {
      name: 'not an upload string',
      body: { station_file: 'abc', line_file: upload('line.csv', LINE_CSV) },
      field: 'station_file',
    },
    {
      name: 'not UTF-8',
      body: {
        station_file: encodeUploadString('station.csv', Buffer.from([0x83, 0x65, 0xff]).toString('base64')),
        line_file: upload('line.csv', LINE_CSV),
      },
      field: 'station_file',
    },
    {
      name: 'missing columns',
      body: { station_file: upload('station.csv', 'a,b,c\n1,2,3'), line_file: upload('line.csv', LINE_CSV) },
      field: 'station_file',
    },
    {
      name: 'line file without its columns',
      body: { station_file: upload('station.csv', GOOD_STATIONS), line_file: upload('line.csv', 'x,y\n1,2') },
      field: 'line_file',
    },
    {
      name: 'a line code not in line.csv',
      body: {
        station_file: upload('station.csv', stationCsv('9999001,9999001,試験,,,12345,13,,,0,0,,,0,1')),
        line_file: upload('line.csv', LINE_CSV),
      },
      field: 'station_file',
    },
    {
      name: 'a bad line code',
      body: {
        station_file: upload('station.csv', stationCsv('9999001,9999001,試験,,,abc,13,,,0,0,,,0,1')),
        line_file: upload('line.csv', LINE_CSV),
      },
      field: 'station_file',
    },
    {
      name: 'a name too long',
      body: {
        station_file: upload(
          'station.csv',
          stationCsv(`9999001,9999001,${'駅'.repeat(101)},,,99990,13,,,0,0,,,0,1`),
        ),
        line_file: upload('line.csv', LINE_CSV),
      },
      field: 'station_file',
    },
    {
      name: 'no station in service',
      body: {
        station_file: upload('station.csv', stationCsv('9999003,9999003,廃止駅,,,99990,13,,,0,0,,,2,3')),
        line_file: upload('line.csv', LINE_CSV),
      },
      field: 'station_file',
    },
    {
      name: 'an unknown key',
      body: {
        station_file: upload('station.csv', GOOD_STATIONS),
        line_file: upload('line.csv', LINE_CSV),
        replace: true,
      },
      field: 'replace',
    },
  ];

  it.each(bad)('refuses $name with a 400 at $field, writing nothing', async ({ body, field }) => {
    const before = await digest();
    const res = await request(t.app)
      .post('/api/admin/stations/import/')
      .set(await as('staff_masters'))
      .send(body as object);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expectJapaneseError(res.body);
    expect(Object.keys(res.body as object)).toContain(field);
    expect(await digest()).toBe(before);
  });

  it('imports the stations in service with their line names, searchable at once, and audits the counts', async () => {
    const before = Number((await rows<{ n: number }>(sql`select count(*)::int as n from stations`))[0]!.n);
    const res = await request(t.app)
      .post('/api/admin/stations/import/')
      .set(await as('staff_masters'))
      .send(STATION_BODY);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as TAdminStationImport).toEqual({ imported: 2, stations: { count: before + 2 } });
    const found = await request(t.app)
      .get('/api/stations/?q=試験')
      .set(await as('yamada'));
    expect(found.status).toBe(200);
    expect((found.body as { name: string; line_name: string }[]).map((s) => [s.name, s.line_name])).toEqual([
      ['試験一丁目', 'テスト線'],
      ['試験二丁目', 'テスト線'],
    ]);
    const [audit] = await rows<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from admin_audit_log where resource = 'stations' order by id desc limit 1`,
    );
    expect(audit).toEqual({
      action: 'import',
      before: { count: before },
      after: { count: before + 2, imported: 2 },
    });

    // Importing the same files again updates them in place.
    const again = await request(t.app)
      .post('/api/admin/stations/import/')
      .set(await as('staff_masters'))
      .send(STATION_BODY);
    expect(again.body).toEqual({ imported: 2, stations: { count: before + 2 } });
  });
});
