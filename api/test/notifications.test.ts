import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotification } from '@portal/shared/contracts/notifications';
import { zPage } from '@portal/shared/contracts/pagination';
import { notifications } from '../src/db/schema/notifications.ts';
import { users } from '../src/db/schema/users.ts';
import { ID_MISMATCH } from '../src/modules/notifications/notifications.service.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

const ZNotificationPage = zPage(ZNotification);

let t: TestContext;
let yamada: string;
let sato: string;

beforeAll(async () => {
  t = await createTestContext();
  yamada = (await t.signIn('yamada')).access;
  sato = (await t.signIn('sato')).access;
});
afterAll(() => t?.close());

async function userId(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('GET /api/notifications/', () => {
  it("lists the caller's own notifications, newest first", async () => {
    const res = await request(t.app).get('/api/notifications/').set(t.auth(yamada));
    expect(res.status).toBe(200);
    const page = ZNotificationPage.parse(res.body);
    expect(page.count).toBe(3);
    const times = page.results.map((n) => Date.parse(n.created_dt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The seeded bell about the sent-back 経費精算 opens that request.
    const sentBack = page.results.find((n) => n.title === '申請が差戻されました');
    expect(sentBack?.forward).toMatch(/^\/task\/tasks\/unresolved\/\d+$/);
  });

  it('filters by is_read', async () => {
    const unread = ZNotificationPage.parse(
      (await request(t.app).get('/api/notifications/?is_read=false').set(t.auth(yamada))).body,
    );
    expect(unread.count).toBe(2);
    expect(unread.results.every((n) => !n.is_read)).toBe(true);
    const read = ZNotificationPage.parse(
      (await request(t.app).get('/api/notifications/?is_read=true&format=json').set(t.auth(yamada))).body,
    );
    expect(read.count).toBe(1);
  });

  it('pages by 10 with next/previous links that keep the filter', async () => {
    const satoId = await userId('sato');
    await t.db.insert(notifications).values(
      Array.from({ length: 23 }, (_, i) => ({
        userId: satoId,
        title: `お知らせ ${i + 1}`,
        content: '',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const first = ZNotificationPage.parse(
      (await request(t.app).get('/api/notifications/?is_read=false').set(t.auth(sato))).body,
    );
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]?.title).toBe('お知らせ 23');
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/\/api\/notifications\/\?is_read=false&page=2$/);

    const third = ZNotificationPage.parse(
      (await request(t.app).get('/api/notifications/?is_read=false&page=3').set(t.auth(sato))).body,
    );
    expect(third.results.map((n) => n.title)).toEqual(['お知らせ 3', 'お知らせ 2', 'お知らせ 1']);
    expect(third.next).toBeNull();
    expect(third.previous).toMatch(/page=2$/);
  });

  it('answers a page past the end with an empty list', async () => {
    const res = await request(t.app).get('/api/notifications/?page=99').set(t.auth(yamada));
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
    expect(res.body.count).toBe(3);
  });
});

describe('PUT /api/notifications/{id}/read/', () => {
  async function firstUnread(access: string) {
    const page = ZNotificationPage.parse(
      (await request(t.app).get('/api/notifications/?is_read=false').set(t.auth(access))).body,
    );
    return page.results[0]!;
  }

  it('marks a notification read and unread again', async () => {
    const item = await firstUnread(yamada);
    const read = await request(t.app)
      .put(`/api/notifications/${item.id}/read/`)
      .set(t.auth(yamada))
      .send({ notification_id: item.id, is_read: true });
    expect(read.status).toBe(200);
    expect(ZNotification.parse(read.body)).toMatchObject({ id: item.id, is_read: true });

    const unread = await request(t.app)
      .put(`/api/notifications/${item.id}/read/`)
      .set(t.auth(yamada))
      .send({ notification_id: item.id, is_read: false });
    expect(unread.body.is_read).toBe(false);
  });

  it("answers 404 for another user's notification and leaves it unchanged", async () => {
    const item = await firstUnread(yamada);
    const res = await request(t.app)
      .put(`/api/notifications/${item.id}/read/`)
      .set(t.auth(sato))
      .send({ notification_id: item.id, is_read: true });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, item.id));
    expect(row?.isRead).toBe(false);
  });

  it('answers 404 for a notification that does not exist', async () => {
    const res = await request(t.app)
      .put('/api/notifications/999999/read/')
      .set(t.auth(yamada))
      .send({ notification_id: 999999, is_read: true });
    expect(res.status).toBe(404);
  });

  it('answers 400 on notification_id when the body names another notification than the URL', async () => {
    const item = await firstUnread(yamada);
    const res = await request(t.app)
      .put(`/api/notifications/${item.id}/read/`)
      .set(t.auth(yamada))
      .send({ notification_id: item.id + 1, is_read: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ notification_id: [ID_MISMATCH] });
  });
});
