// Business days (national holidays + the company calendar) and master/company/calendar: reading for
// everyone, changing for PERM.changeCompanyCalendar (admin in the demo).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCalendarFile, ZCompanyCalendar } from '@portal/shared/contracts/calendar';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';
import { getMonth, upload } from './support/attendance-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

async function businessDays(year: number, month: number): Promise<string[]> {
  const res = await request(t.app)
    .get(`/api/task/business-days/${year}/${month}/`)
    .set(await as('yamada'));
  expect(res.status).toBe(200);
  return res.body as string[];
}

async function putCalendar(username: string, body: unknown) {
  return request(t.app)
    .put('/api/master/company/calendar')
    .set(await as(username))
    .send(body as object);
}

describe('task/business-days/{year}/{month}/', () => {
  it('leaves out weekends and national holidays (Golden Week 2025)', async () => {
    const days = await businessDays(2025, 5);
    expect(days).toHaveLength(20);
    expect(days[0]).toBe('2025-05-01');
    for (const holiday of ['2025-05-03', '2025-05-05', '2025-05-06']) expect(days).not.toContain(holiday);
    expect(await businessDays(2025, 1)).not.toContain('2025-01-13'); // 成人の日
  });

  it('is 404 for a month that does not exist', async () => {
    for (const path of ['2025/13', '2025/0', 'abcd/1', '2025/x', '99999/1']) {
      const res = await request(t.app)
        .get(`/api/task/business-days/${path}/`)
        .set(await as('yamada'));
      expect(res.status, path).toBe(404);
    }
  });
});

describe('the company calendar', () => {
  it('everyone reads the images and settings; only the permission may edit', async () => {
    const mine = ZCompanyCalendar.parse(
      (
        await request(t.app)
          .get('/api/master/company/calendar')
          .set(await as('yamada'))
      ).body,
    );
    expect(mine.can_edit).toBe(false);
    expect(mine.settings.legal_holiday_weekday).toBe(0);
    expect(mine.file_calendar.length).toBeGreaterThan(0);
    expect(mine.file_calendar[0]!.url).toMatch(/^data:image\/svg\+xml;base64,/);
    const admin = await request(t.app)
      .get('/api/master/company/calendar/')
      .set(await as('admin'));
    expect(admin.body.can_edit).toBe(true);

    const refused = await putCalendar('yamada', { legal_holiday_weekday: 6, days_off: [] });
    expect(refused.status).toBe(403);
    expectJapaneseError(refused.body);
  });

  it('days off and the 法定休日 weekday change the business days and the month', async () => {
    const before = ZCompanyCalendar.parse(
      (
        await request(t.app)
          .get('/api/master/company/calendar')
          .set(await as('admin'))
      ).body,
    );
    const res = await putCalendar('admin', {
      legal_holiday_weekday: 6,
      days_off: [...before.settings.days_off, '2025-05-30'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZCompanyCalendar.parse(res.body).settings).toMatchObject({ legal_holiday_weekday: 6 });
    const days = await businessDays(2025, 5);
    expect(days).toHaveLength(19);
    expect(days).not.toContain('2025-05-30');

    const month = await getMonth(t, as, 'yamada', 2025, 5);
    expect(month.calendar['2025-05-03']).toBe('legal'); // Saturday is now the 法定休日
    expect(month.calendar['2025-05-04']).toBe('nonlegal');
    expect(month.first.days[29]).toEqual({ type: '10', start: '', end: '', locked: true });

    expect((await putCalendar('admin', before.settings)).status).toBe(200);
    expect(await businessDays(2025, 5)).toHaveLength(20);
  });

  it('refuses bad settings with field errors', async () => {
    let res = await putCalendar('admin', { legal_holiday_weekday: 7, days_off: ['2025-02-30', 'x'] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['days_off.0', 'days_off.1', 'legal_holiday_weekday']);
    expectJapaneseError(res.body);
    res = await putCalendar('admin', []);
    expect(res.status).toBe(400);
  });

  it('adds and deletes calendar images', async () => {
    const auth = await as('admin');
    const png = upload('2026年カレンダー.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    let res = await request(t.app)
      .post('/api/master/company/calendar/files/')
      .set(auth)
      .send({ name: '2026年 会社カレンダー', file: png });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const file = ZCalendarFile.parse(res.body);
    expect(file.url).toMatch(/^data:image\/png;base64,/);
    const info = await request(t.app).get('/api/master/company/info').set(auth);
    expect(info.body.file_calendar.map((f: { id: number }) => f.id)).toContain(file.id);

    res = await request(t.app)
      .post('/api/master/company/calendar/files/')
      .set(auth)
      .send({ name: '表', file: upload('calendar.exe', Buffer.from('MZ')) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['file']);
    res = await request(t.app)
      .post('/api/master/company/calendar/files/')
      .set(auth)
      .send({ name: '大きい', file: upload('big.png', Buffer.alloc(2_097_153)) });
    expect(res.status).toBe(400);
    expect(res.body.file).toEqual(['ファイル のサイズは 2048KB 以下にしてください。']);
    res = await request(t.app)
      .post('/api/master/company/calendar/files/')
      .set(await as('yamada'))
      .send({ name: 'x', file: png });
    expect(res.status).toBe(403);

    expect(
      (await request(t.app).delete(`/api/master/company/calendar/files/${file.id}/`).set(auth)).status,
    ).toBe(204);
    expect(
      (await request(t.app).delete(`/api/master/company/calendar/files/${file.id}/`).set(auth)).status,
    ).toBe(404);
  });
});
