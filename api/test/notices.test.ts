// Issue 30, お知らせ: a notice for 開発部 reaches yamada (開発一課, below it) and is 404 to kato (営業一課);
// outside its period nobody sees it (a fixed clock); a 重要 notice tells its audience once, whether at
// once or by the minute job run twice, its title as text only; bad input is a Japanese 400 that writes
// nothing; the console's writes are 403 without is_staff or the permission, and audited.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TAdminNotice, type TAdminNoticeBody, type TNotice } from '@portal/shared/contracts/notices';
import { NOTICE_MSG } from '@portal/shared/contracts/notice-codes';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { TNoticeRow } from '@portal/shared/contracts/notices';
import { PERM } from '@portal/shared/permissions';
import { encodeUploadString } from '@portal/shared/workflow/upload';
import { users } from '../src/db/schema/users.ts';
import { NOTICE_BELL_MSG, runNoticeJob } from '../src/modules/notices/notice-job.ts';
import {
  createTestContext,
  expectJapaneseError,
  messagesOf,
  type TestContext,
} from './support/test-context.ts';
import { cheapDemoHash } from './support/test-password.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let dev: number;
let sales: number;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function orgId(name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from organizations where name = ${name}`);
  return Number(row!.id);
}

/** The notice tables and the rows a write leaves beside them. */
async function digest(): Promise<string> {
  const parts = [
    'notices',
    'notice_organizations',
    'notice_attachments',
    'admin_audit_log',
    'notifications',
  ].map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
        from ${sql.identifier(table)} r`,
  );
  return JSON.stringify(await rows(sql.join(parts, sql` union all `)));
}

function file(name: string, bytes: number): string {
  return encodeUploadString(name, Buffer.alloc(bytes, 7).toString('base64'));
}

async function publish(
  body: TAdminNoticeBody,
  username = 'admin',
  auth?: { Authorization: string },
): Promise<TAdminNotice> {
  const res = await request(t.app)
    .post('/api/admin/notices/')
    .set(auth ?? (await as(username)))
    .send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TAdminNotice;
}

async function listOf(username: string, query = ''): Promise<TNoticeRow[]> {
  const res = await request(t.app)
    .get(`/api/notices/${query}`)
    .set(await as(username));
  expect(res.status).toBe(200);
  return (res.body as TPage<TNoticeRow>).results;
}

/** The bells about a notice, as `username: title / content`. */
async function bellsAbout(id: number): Promise<string[]> {
  const list = await rows<{ username: string; title: string; content: string }>(sql`
    select u.username, n.title, n.content from notifications n join users u on u.id = n.user_id
    where n.forward = ${`/notices/${id}`} order by u.username, n.id`);
  return list.map((b) => `${b.username}: ${b.title} / ${b.content}`);
}

/** The users of 開発部 and below, active: the audience of a 開発部 notice. */
async function devMembers(): Promise<string[]> {
  const list = await rows<{ username: string }>(sql`
    with recursive down(id) as (select ${dev}::int union all select o.id from organizations o join down d on o.parent_id = d.id)
    select distinct u.username from users u join employees e on e.user_id = u.id join positions p on p.employee_id = e.id
    where u.is_active and p.organization_id in (select id from down) order by 1`);
  return list.map((r) => r.username);
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  dev = await orgId('開発部');
  sales = await orgId('営業部');
  const passwordHash = await cheapDemoHash();
  await t.db.insert(users).values([
    { username: 'staff_none', fullName: '権限なしスタッフ', passwordHash, isStaff: true },
    { username: 'staff_notices', fullName: 'お知らせ担当', passwordHash, isStaff: true },
    { username: 'plain_notices', fullName: '非スタッフ', passwordHash, isStaff: false },
  ]);
  await t.db.execute(sql`insert into user_permissions (user_id, permission_id)
    select u.id, p.id from users u, permissions p
    where u.username in ('staff_notices', 'plain_notices') and p.codename in (${PERM.addNotice}, ${PERM.changeNotice})`);
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

describe('who reads a notice', () => {
  it('lists and opens a 開発部 notice for yamada (開発一課) and answers 404 to kato (営業一課)', async () => {
    const notice = await publish({ title: '開発部の皆さんへ', body: '**本文**', organization_ids: [dev] });
    expect(notice).toMatchObject({ state: 'published', state_name: '公開中', audience_name: '開発部' });

    expect((await listOf('yamada')).map((n) => n.title)).toContain('開発部の皆さんへ');
    expect((await listOf('kato')).map((n) => n.title)).not.toContain('開発部の皆さんへ');

    const opened = await request(t.app)
      .get(`/api/notices/${notice.id}/`)
      .set(await as('yamada'));
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ title: '開発部の皆さんへ', body: '**本文**', is_read: true });
    const refused = await request(t.app)
      .get(`/api/notices/${notice.id}/`)
      .set(await as('kato'));
    expect(refused.status).toBe(404);
    expectJapaneseError(refused.body);

    // Opened: read, and no longer among the unread.
    expect((await listOf('yamada', '?unread=1')).map((n) => n.id)).not.toContain(notice.id);
    const detail = await request(t.app)
      .get(`/api/admin/notices/${notice.id}/`)
      .set(await as('admin'));
    expect(detail.body).toMatchObject({ read_count: 1, audience_count: (await devMembers()).length });
  });

  it('puts pinned and 重要 first, then the newest, 10 a page', async () => {
    const list = await listOf('yamada');
    const rank = (n: TNoticeRow) => (n.pinned ? 2 : 0) + (n.importance === 'important' ? 1 : 0);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      expect(a.pinned || !b.pinned).toBe(true);
      if (a.pinned === b.pinned) expect(rank(a) >= rank(b)).toBe(true);
      if (rank(a) === rank(b)) expect(a.published_at >= b.published_at).toBe(true);
    }
    expect(list[0]).toMatchObject({ title: '年末年始の休業について', pinned: true });
    for (let i = 0; i < 11; i++) await publish({ title: `一般のお知らせ ${i}` });
    const page = await request(t.app)
      .get('/api/notices/')
      .set(await as('kato'));
    expect(page.body.results).toHaveLength(10);
    expect(page.body.next).toContain('page=2');
  });

  it('shows a notice only within its period (fixed clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-05T00:00:00Z'));
    const notice = await publish(
      { title: '期間限定のお知らせ', publish_start: '2030-01-10 09:00', publish_end: '2030-01-20 09:00' },
      'admin',
      t.auth((await t.signIn('admin')).access),
    );
    expect(notice).toMatchObject({
      state: 'scheduled',
      publish_start: '2030-01-10T00:00:00.000Z',
      publish_end: '2030-01-20T00:00:00.000Z',
    });
    const seenAt = async (at: string) => {
      vi.setSystemTime(new Date(at));
      const token = t.auth((await t.signIn('yamada')).access);
      const list = await request(t.app).get('/api/notices/').set(token);
      const one = await request(t.app).get(`/api/notices/${notice.id}/`).set(token);
      const listed = (list.body as TPage<TNoticeRow>).results.some((n) => n.id === notice.id);
      return { listed, status: one.status };
    };
    expect(await seenAt('2030-01-09T23:59:00Z')).toEqual({ listed: false, status: 404 });
    expect(await seenAt('2030-01-15T00:00:00Z')).toEqual({ listed: true, status: 200 });
    expect(await seenAt('2030-01-20T00:00:00Z')).toEqual({ listed: false, status: 404 });
  });

  it('hides a draft from everyone and serves an attachment only to the audience', async () => {
    const draft = await publish({ title: '下書き', draft: true });
    expect(draft).toMatchObject({ state: 'draft', publish_start: null });
    expect(
      (
        await request(t.app)
          .get(`/api/notices/${draft.id}/`)
          .set(await as('yamada'))
      ).status,
    ).toBe(404);

    const withFile = await publish({
      title: '資料つき',
      organization_ids: [dev],
      attachments: [{ file: encodeUploadString('資料.pdf', Buffer.from('%PDF-1.4').toString('base64')) }],
    });
    expect(withFile.attachments).toEqual([
      { n: 1, name: '資料.pdf', size: 8, content_type: 'application/pdf' },
    ]);
    const got = await request(t.app)
      .get(`/api/notices/${withFile.id}/attachments/1/`)
      .set(await as('yamada'));
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(
      (
        await request(t.app)
          .get(`/api/notices/${withFile.id}/attachments/1/`)
          .set(await as('kato'))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get(`/api/notices/${withFile.id}/attachments/2/`)
          .set(await as('yamada'))
      ).status,
    ).toBe(404);

    // Kept by its place on an edit, a new one after it.
    const edited = await request(t.app)
      .patch(`/api/admin/notices/${withFile.id}/`)
      .set(await as('admin'))
      .send({
        title: '資料つき（改訂）',
        organization_ids: [dev],
        attachments: [{ file: file('追加.xlsx', 10) }, { n: 1 }],
      });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body as TAdminNotice).attachments.map((a) => `${a.n}:${a.name}`)).toEqual([
      '1:追加.xlsx',
      '2:資料.pdf',
    ]);
  });
});

describe('telling the audience of a 重要 notice', () => {
  const HOSTILE_TITLE = '<at user_id="all"></at> [x](https://example.com) 緊急';

  it('tells each member once when published at once, the title as text only', async () => {
    const notice = await publish({ title: HOSTILE_TITLE, importance: 'important', organization_ids: [dev] });
    const members = await devMembers();
    expect(members).toContain('yamada');
    expect(await bellsAbout(notice.id)).toEqual(
      members.map((u) => `${u}: ${NOTICE_BELL_MSG.title} / ${HOSTILE_TITLE}`),
    );
    const lark = await rows<{ text: string }>(sql`select payload->>'text' as text from outbox
      where topic = 'records.lark_notice' and idempotency_key like ${`notice:${notice.id}:%`}`);
    expect(lark).toHaveLength(members.length);
    expect(lark[0]!.text).toBe(NOTICE_BELL_MSG.lark(NOTICE_BELL_MSG.title, HOSTILE_TITLE));
    expect(await runNoticeJob(t.db)).toBe(0);
    expect(await bellsAbout(notice.id)).toHaveLength(members.length);
  });

  it('tells a scheduled notice at its time, once though the job runs twice', async () => {
    const start = new Date(Date.now() + 60 * 60 * 1000);
    const notice = await publish({
      title: '予約された重要なお知らせ',
      importance: 'important',
      organization_ids: [dev],
      publish_start: start.toISOString(),
    });
    expect(await runNoticeJob(t.db)).toBe(0);
    expect(await bellsAbout(notice.id)).toEqual([]);

    const later = new Date(start.getTime() + 60_000);
    const [first, second] = [await runNoticeJob(t.db, later), await runNoticeJob(t.db, later)];
    expect([first, second]).toEqual([1, 0]);
    const bells = await bellsAbout(notice.id);
    expect(bells).toHaveLength((await devMembers()).length);
    expect(bells.some((b) => b.startsWith('kato:'))).toBe(false);
    const lark = await rows<{ n: number }>(sql`select count(*)::int as n from outbox
      where topic = 'records.lark_notice' and idempotency_key like ${`notice:${notice.id}:%`}`);
    expect(Number(lark[0]!.n)).toBe(bells.length);
  });

  it('re-sends to the unread members only (未読者に再通知)', async () => {
    const notice = await publish({ title: '再通知の確認', organization_ids: [dev] });
    await request(t.app)
      .get(`/api/notices/${notice.id}/`)
      .set(await as('yamada'));
    const res = await request(t.app)
      .post(`/api/admin/notices/${notice.id}/remind/`)
      .set(await as('admin'))
      .send({ confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const members = await devMembers();
    expect(res.body).toEqual({ notified: members.length - 1 });
    const bells = await bellsAbout(notice.id);
    expect(bells).toHaveLength(members.length - 1);
    expect(bells.some((b) => b.startsWith('yamada:'))).toBe(false);
    const [audit] = await rows<{ action: string }>(sql`select action from admin_audit_log
      where resource = 'notices' and object_id = ${notice.id} order by id desc limit 1`);
    expect(audit?.action).toBe('remind');
  });
});

describe('bad input', () => {
  const cases: { name: string; body: TAdminNoticeBody; field: string; message: string }[] = [
    { name: 'an empty title', body: { title: '  ' }, field: 'title', message: 'タイトル は必須項目です。' },
    {
      name: 'a title over 100 characters',
      body: { title: 'あ'.repeat(101) },
      field: 'title',
      message: 'タイトル は 100 文字以内で入力してください。',
    },
    {
      name: 'a body over 20,000 characters',
      body: { title: '件名', body: 'あ'.repeat(20_001) },
      field: 'body',
      message: '本文 は 20000 文字以内で入力してください。',
    },
    {
      name: 'an end before the start',
      body: { title: '件名', publish_start: '2030-01-10 09:00', publish_end: '2030-01-09 09:00' },
      field: 'publish_end',
      message: NOTICE_MSG.endBeforeStart,
    },
    {
      name: 'a date that does not exist',
      body: { title: '件名', publish_start: '2030-02-30 09:00' },
      field: 'publish_start',
      message: NOTICE_MSG.datetime('公開開始'),
    },
    {
      name: '6 files',
      body: {
        title: '件名',
        attachments: Array.from({ length: 6 }, (_, i) => ({ file: file(`f${i}.pdf`, 10) })),
      },
      field: 'attachments',
      message: NOTICE_MSG.tooManyFiles,
    },
    {
      name: 'a 2.5 MB file',
      body: { title: '件名', attachments: [{ file: file('big.pdf', 2.5 * 1024 * 1024) }] },
      field: 'attachments',
      message: NOTICE_MSG.fileTooLarge,
    },
    {
      name: 'a file of another kind',
      body: { title: '件名', attachments: [{ file: file('run.exe', 10) }] },
      field: 'attachments',
      message: NOTICE_MSG.fileInvalid,
    },
    {
      name: 'an unknown organisation',
      body: { title: '件名', organization_ids: [1, 999_999] },
      field: 'organization_ids',
      message: NOTICE_MSG.unknownOrganization,
    },
  ];

  it.each(cases)(
    'answers $name with 400 at the field in Japanese and writes nothing',
    async ({ body, field, message }) => {
      const before = await digest();
      const res = await request(t.app)
        .post('/api/admin/notices/')
        .set(await as('admin'))
        .send(body);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
      expect(res.body, JSON.stringify(res.body).slice(0, 300)).toHaveProperty(field);
      expect((res.body as Record<string, string[]>)[field]).toEqual([message]);
      expectJapaneseError(res.body);
      expect(await digest()).toBe(before);
    },
  );

  it('refuses the same on an edit and keeps the notice as it was', async () => {
    const notice = await publish({ title: '編集前', organization_ids: [sales] });
    const before = await digest();
    const res = await request(t.app)
      .patch(`/api/admin/notices/${notice.id}/`)
      .set(await as('admin'))
      .send({ title: '', organization_ids: [999_999] });
    expect(res.status).toBe(400);
    expect(messagesOf(res.body).length).toBeGreaterThan(0);
    expect(await digest()).toBe(before);
  });
});

describe('five files of 2 MB', () => {
  const MB2 = 2 * 1024 * 1024;

  // 10 MB through PGlite's bytea takes seconds on a busy machine: room for it, not a timing claim.
  const ROOM = { timeout: 120_000 };

  it(
    'saves them in one request though their upload strings pass the 4 MB default body limit',
    ROOM,
    async () => {
      const names = ['a.pdf', 'b.png', 'c.xlsx', 'd.jpg', 'e.pdf'];
      const notice = await publish({
        title: '添付 5 件',
        attachments: names.map((name) => ({ file: file(name, MB2) })),
      });
      expect(notice.attachments.map((a) => [a.name, a.size])).toEqual(names.map((n) => [n, MB2]));
      const edited = await request(t.app)
        .patch(`/api/admin/notices/${notice.id}/`)
        .set(await as('admin'))
        .send({
          title: '添付 5 件（改）',
          attachments: [{ n: 5 }, { n: 1 }, { file: file('f.png', 10) }],
        });
      expect(edited.status).toBe(200);
      expect((edited.body as TAdminNotice).attachments.map((a) => a.name)).toEqual([
        'e.pdf',
        'a.pdf',
        'f.png',
      ]);
    },
  );

  it('answers a bigger body with 413 and writes nothing; other routes keep 4 MB', ROOM, async () => {
    const before = await digest();
    const six = await request(t.app)
      .post('/api/admin/notices/')
      .set(await as('admin'))
      .send({
        title: '多すぎる',
        attachments: Array.from({ length: 6 }, (_, i) => ({ file: file(`f${i}.pdf`, MB2) })),
      });
    expect(six.status).toBe(413);
    expectJapaneseError(six.body);
    const elsewhere = await request(t.app)
      .post(`/api/admin/notices/1/remind/`)
      .set(await as('admin'))
      .send({ confirm: true, pad: 'x'.repeat(5 * 1024 * 1024) });
    expect(elsewhere.status).toBe(413);
    expect(await digest()).toBe(before);
  });
});

describe('the console', () => {
  it('refuses a user without is_staff or without the permission (403) and writes nothing', async () => {
    const notice = await publish({ title: '権限の確認' });
    const before = await digest();
    for (const username of ['yamada', 'staff_none', 'plain_notices']) {
      const auth = await as(username);
      const calls = [
        request(t.app).get('/api/admin/notices/').set(auth),
        request(t.app).get(`/api/admin/notices/${notice.id}/`).set(auth),
        request(t.app).post('/api/admin/notices/').set(auth).send({ title: '書けない' }),
        request(t.app).patch(`/api/admin/notices/${notice.id}/`).set(auth).send({ title: '変えられない' }),
        request(t.app).post(`/api/admin/notices/${notice.id}/remind/`).set(auth).send({ confirm: true }),
      ];
      for (const [i, res] of (await Promise.all(calls)).entries()) {
        expect(res.status, `${username}, call ${i}`).toBe(403);
        expectJapaneseError(res.body);
      }
    }
    expect(await digest()).toBe(before);
  });

  it('lets staff with the permission write, and audits each write', async () => {
    const notice = await publish({ title: '担当者が書いた', organization_ids: [dev] }, 'staff_notices');
    const patched = await request(t.app)
      .patch(`/api/admin/notices/${notice.id}/`)
      .set(await as('staff_notices'))
      .send({ title: '担当者が直した', organization_ids: [dev, sales], pinned: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: '担当者が直した',
      pinned: true,
      audience_name: '開発部、営業部',
    });
    const audit = await rows<{
      action: string;
      actor_name: string;
      object_label: string;
      after: unknown;
    }>(sql`
      select action, actor_name, object_label, after from admin_audit_log
      where resource = 'notices' and object_id = ${notice.id} order by id`);
    expect(audit.map((a) => `${a.action} ${a.actor_name} ${a.object_label}`)).toEqual([
      'create staff_notices 担当者が書いた',
      'update staff_notices 担当者が直した',
    ]);
    expect(audit[1]!.after).toMatchObject({ organizations: ['開発部', '営業部'], pinned: true });
    // 営業部 now: kato reads it.
    const read = await request(t.app)
      .get(`/api/notices/${notice.id}/`)
      .set(await as('kato'));
    expect((read.body as TNotice).title).toBe('担当者が直した');
  });
});

describe('GET home/', () => {
  it('carries the 3 newest notices addressed to the caller, each with whether it was opened', async () => {
    const notice = await publish({ title: 'ホームに出るお知らせ', organization_ids: [dev] });
    const home = await request(t.app)
      .get('/api/home/')
      .set(await as('yamada'));
    expect(home.status).toBe(200);
    const shown = (home.body as { notices: TNoticeRow[] }).notices;
    expect(shown).toHaveLength(3);
    expect(shown[0]).toMatchObject({ id: notice.id, is_read: false });
    const kato = await request(t.app)
      .get('/api/home/')
      .set(await as('kato'));
    expect((kato.body as { notices: TNoticeRow[] }).notices.map((n) => n.id)).not.toContain(notice.id);
  });
});
