// prev-commuting/ and stations/?q= (issue 13): last month's commuting change or 404 with
// '先月の通勤変更がありません。'; the current route in the profile; the station master in the 駅データ
// layout, searched by name.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUTING_MSG, ZPreviousCommuting, ZStation } from '@portal/shared/contracts/commuting';
import { employees } from '../src/db/schema/employees.ts';
import { stations } from '../src/db/schema/records.ts';
import { users } from '../src/db/schema/users.ts';
import { importStationCsv } from '../src/modules/records/stations.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
const as: Record<string, { Authorization: string }> = {};
let yamada: number;

beforeAll(async () => {
  t = await createTestContext();
  for (const name of ['yamada', 'suzuki', 'hr']) as[name] = t.auth((await t.signIn(name)).access);
  const [row] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'yamada'));
  yamada = row!.id;
});
afterAll(() => t?.close());

describe('GET /api/prev-commuting/', () => {
  it("answers the owner's change of last month with the route before it", async () => {
    const res = await request(t.app).get('/api/prev-commuting/').set(as.yamada!);
    expect(res.status).toBe(200);
    const change = ZPreviousCommuting.parse(res.body);
    expect(change).toMatchObject({ from_station: '渋谷', to_station: '東京', monthly_amount: 7260 });
    expect(change.previous).toMatchObject({ from_station: '新宿', line: 'JR中央線' });
  });

  it("lets HR read anyone's; another employee gets 404; anonymous 401; a bad ?employee= 400", async () => {
    expect((await request(t.app).get(`/api/prev-commuting/?employee=${yamada}`).set(as.hr!)).status).toBe(
      200,
    );
    expect((await request(t.app).get(`/api/prev-commuting/?employee=${yamada}`).set(as.suzuki!)).status).toBe(
      404,
    );
    expect((await request(t.app).get('/api/prev-commuting/')).status).toBe(401);
    const bad = await request(t.app).get('/api/prev-commuting/?employee=x').set(as.hr!);
    expect(bad.status).toBe(400);
    expectJapaneseError(bad.body);
  });

  it("answers 404 with '先月の通勤変更がありません。' when nothing changed last month", async () => {
    const res = await request(t.app).get('/api/prev-commuting/').set(as.suzuki!);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(COMMUTING_MSG.noPreviousChange);
  });

  it('shows the route in force today in the profile', async () => {
    const res = await request(t.app).get(`/api/employees/${yamada}/`).set(as.yamada!);
    expect(res.body.commuting).toMatchObject({ from_station: '渋谷', line: 'JR山手線' });
  });
});

describe('GET /api/stations/?q=', () => {
  it.each([
    ['新宿', '新宿'],
    ['新宿駅', '新宿'],
    ['ｼﾝｼﾞｭｸ', null],
    ['高輪', '高輪ゲートウェイ'],
  ])('%s → %s first', async (q, name) => {
    const res = await request(t.app).get('/api/stations/').query({ q }).set(as.yamada!);
    expect(res.status).toBe(200);
    const list = ZStation.array().parse(res.body);
    if (name) expect(list[0]).toMatchObject({ name, line_name: 'JR山手線', pref_code: 13 });
    else expect(list).toEqual([]);
  });

  it('answers an empty query with nothing, at most 20 otherwise, and 401 without a session', async () => {
    expect((await request(t.app).get('/api/stations/').set(as.yamada!)).body).toEqual([]);
    expect((await request(t.app).get('/api/stations/?q=JR').set(as.yamada!)).body).toHaveLength(20);
    expect((await request(t.app).get('/api/stations/?q=新宿')).status).toBe(401);
  });

  it('imports the 駅データ layout: stations in service only, again without duplicates', async () => {
    const line = 'line_cd,company_cd,line_name\n28001,18,東京メトロ丸ノ内線';
    const station = [
      'station_cd,station_g_cd,station_name,station_name_k,station_name_r,line_cd,pref_cd,post,address,lon,lat,open_ymd,close_ymd,e_status,e_sort',
      '2800101,1130208,新宿,,,28001,13,160-0022,東京都新宿区新宿三丁目,,,,,0,2800101',
      '2800199,2800199,廃駅,,,28001,13,,,,,,,2,2800199',
    ].join('\n');
    expect(await importStationCsv(t.db, station, line)).toBe(1);
    expect(await importStationCsv(t.db, station, line)).toBe(1);
    const rows = await t.db.select().from(stations).where(eq(stations.lineCode, 28001));
    expect(rows).toEqual([
      expect.objectContaining({ name: '新宿', lineName: '東京メトロ丸ノ内線', groupCode: 1130208 }),
    ]);
  });

  it('keeps a quoted comma inside its cell (RFC 4180), in a station and a line name', async () => {
    const line = 'line_cd,company_cd,line_name\n28099,18,"東京メトロ ""試験"",支線"';
    const station = [
      'station_cd,station_g_cd,station_name,line_cd,pref_cd,address,e_status',
      '2809901,2809901,"霞ケ関,本線口",28099,13,"東京都千代田区霞が関二丁目, 地下",0',
    ].join('\r\n');
    expect(await importStationCsv(t.db, station, line)).toBe(1);
    const [row] = await t.db.select().from(stations).where(eq(stations.code, 2809901));
    expect(row).toMatchObject({
      name: '霞ケ関,本線口',
      lineName: '東京メトロ "試験",支線',
      lineCode: 28099,
      prefCode: 13,
      address: '東京都千代田区霞が関二丁目, 地下',
    });
  });
});
