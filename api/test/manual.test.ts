// Issue 30, the manual: the contents in order, a page with its attachments and last editor, the search
// folding width and kana ('有給' finds 有給休暇, 'ﾏﾆｭｱﾙ' finds マニュアル), and the console's pages: 403
// without is_staff or company.change_manual, 400 in Japanese writing nothing, every change audited.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminManualPage,
  TManualContents,
  TManualPage,
  TManualSearch,
} from '@portal/shared/contracts/manual';
import { MANUAL_MSG } from '@portal/shared/contracts/manual-codes';
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
  const parts = ['manual_pages', 'manual_attachments', 'admin_audit_log'].map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
        from ${sql.identifier(table)} r`,
  );
  return JSON.stringify(await rows(sql.join(parts, sql` union all `)));
}

function file(name: string, bytes: number): string {
  return encodeUploadString(name, Buffer.alloc(bytes, 7).toString('base64'));
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const passwordHash = await cheapDemoHash();
  await t.db.insert(users).values([
    { username: 'staff_none', fullName: '権限なしスタッフ', passwordHash, isStaff: true },
    { username: 'staff_manual', fullName: 'マニュアル担当', passwordHash, isStaff: true },
    { username: 'plain_manual', fullName: '非スタッフ', passwordHash, isStaff: false },
  ]);
  await t.db.execute(sql`insert into user_permissions (user_id, permission_id)
    select u.id, p.id from users u, permissions p
    where u.username in ('staff_manual', 'plain_manual') and p.codename = ${PERM.changeManual}`);
});
afterAll(() => t?.close());

const search = async (query: string) =>
  (
    await request(t.app)
      .get('/api/manual/search/')
      .query({ query })
      .set(await as('yamada'))
      .expect(200)
  ).body as TManualSearch;

describe('reading', () => {
  it('lists the demo chapters and pages in order', async () => {
    const res = await request(t.app)
      .get('/api/manual/')
      .set(await as('yamada'))
      .expect(200);
    const { chapters } = res.body as TManualContents;
    expect(chapters.map((c) => [c.title, c.pages.map((p) => p.title)])).toEqual([
      ['勤怠と休暇', ['勤怠報告の出し方', '休暇申請と有給休暇']],
      ['申請と承認', ['承認と差戻し', '承認代理']],
      ['給与', ['給与明細の見方']],
      ['Lark', ['Lark での使い方']],
    ]);
  });

  it('opens a page with its attachments, its last editor and date, and serves an attachment', async () => {
    const { id } = (
      await rows<{ id: number }>(sql`select id from manual_pages where title = '承認と差戻し'`)
    )[0]!;
    const page = (
      await request(t.app)
        .get(`/api/manual/pages/${id}/`)
        .set(await as('yamada'))
        .expect(200)
    ).body as TManualPage;
    expect(page).toMatchObject({
      title: '承認と差戻し',
      chapter: '申請と承認',
      updated_by_name: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(page.updated_at))).toBe(false);
    expect(page.attachments).toEqual([
      {
        n: 1,
        name: 'approval-flow.svg',
        content_type: 'image/svg+xml',
        size: expect.any(Number),
        url: `/api/manual/pages/${id}/attachments/1/`,
      },
    ]);
    const file = await request(t.app)
      .get(page.attachments[0]!.url)
      .set(await as('yamada'))
      .expect(200);
    expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
    await request(t.app)
      .get(`/api/manual/pages/${id}/attachments/9/`)
      .set(await as('yamada'))
      .expect(404);
    await request(t.app)
      .get('/api/manual/pages/999999/')
      .set(await as('yamada'))
      .expect(404);
  });
});

describe('search', () => {
  it("finds '有給休暇' by '有給' and shows the passage around the match", async () => {
    const { results } = await search('有給');
    expect(results[0]).toMatchObject({ title: '休暇申請と有給休暇', chapter: '勤怠と休暇' });
    expect(results.find((r) => r.title === '休暇申請と有給休暇')!.passage).toContain('有給');
  });

  it.each([
    ['half-width katakana', 'ﾏﾆｭｱﾙ', 'マニュアル'],
    ['hiragana for katakana', 'まにゅある', 'マニュアル'],
    ['full-width latin for ASCII', 'ＬＡＲＫ', 'Lark'],
  ])('folds %s before comparing', async (_label, query, expected) => {
    const created = (
      await request(t.app)
        .post('/api/admin/manual/')
        .set(await as('admin'))
        .send({
          chapter: '付録',
          chapter_order: 9,
          page_order: 1,
          title: 'このマニュアルについて',
          body: 'Lark 版もあります。',
        })
        .expect(201)
    ).body as TAdminManualPage;
    const { results } = await search(query);
    const hit = results.find((r) => r.id === created.id);
    expect(hit, `${query} → ${expected}`).toBeDefined();
    await request(t.app)
      .delete(`/api/admin/manual/${created.id}/`)
      .set(await as('admin'))
      .expect(204);
  });

  it('answers nothing for a word no page holds, and 400 in Japanese without a query', async () => {
    expect((await search('存在しない語句')).results).toEqual([]);
    const res = await request(t.app)
      .get('/api/manual/search/')
      .set(await as('yamada'))
      .expect(400);
    expectJapaneseError(res.body);
  });
});

describe('the console', () => {
  const BODY = {
    chapter: '付録',
    chapter_order: 5,
    page_order: 1,
    title: '用語集',
    body: '**勤怠**：出勤と退勤の記録',
  };

  it('refuses users without is_staff, even holding the permission, and staff without it', async () => {
    const { id } = (await rows<{ id: number }>(sql`select min(id) as id from manual_pages`))[0]!;
    const before = await digest();
    const calls = [
      ['get', '/api/admin/manual/', undefined],
      ['post', '/api/admin/manual/', BODY],
      ['get', `/api/admin/manual/${id}/`, undefined],
      ['put', `/api/admin/manual/${id}/`, BODY],
      ['delete', `/api/admin/manual/${id}/`, undefined],
    ] as const;
    for (const username of ['yamada', 'plain_manual', 'staff_none'])
      for (const [method, path, body] of calls) {
        const res = await request(t.app)
          [method](path)
          .set(await as(username))
          .send(body);
        expect(res.status, `${username} ${method} ${path}`).toBe(403);
        expectJapaneseError(res.body);
      }
    expect(await digest()).toBe(before);
  });

  it.each([
    ['an empty title', { ...BODY, title: '  ' }, 'title'],
    ['a title over 100 characters', { ...BODY, title: 'あ'.repeat(101) }, 'title'],
    ['a body over 20,000 characters', { ...BODY, body: 'あ'.repeat(20_001) }, 'body'],
    ['a negative order', { ...BODY, page_order: -1 }, 'page_order'],
    ['an unknown key', { ...BODY, html: '<b>x</b>' }, 'html'],
  ])('answers %s with 400 at the field and writes nothing', async (_label, body, field) => {
    const before = await digest();
    const res = await request(t.app)
      .post('/api/admin/manual/')
      .set(await as('staff_manual'))
      .send(body)
      .expect(400);
    expectJapaneseError(res.body);
    expect(JSON.stringify(res.body)).toContain(field);
    expect(await digest()).toBe(before);
  });

  it('creates, changes and deletes a page, each change audited, the editor and date kept', async () => {
    const created = (
      await request(t.app)
        .post('/api/admin/manual/')
        .set(await as('staff_manual'))
        .send(BODY)
        .expect(201)
    ).body as TAdminManualPage;
    expect(created).toMatchObject({ title: '用語集', updated_by_name: 'マニュアル担当' });
    const changed = (
      await request(t.app)
        .put(`/api/admin/manual/${created.id}/`)
        .set(await as('staff_manual'))
        .send({ ...BODY, title: '用語集（改訂）' })
        .expect(200)
    ).body as TAdminManualPage;
    expect(changed.title).toBe('用語集（改訂）');
    const listed = await request(t.app)
      .get('/api/admin/manual/')
      .set(await as('staff_manual'))
      .expect(200);
    expect(listed.body.count).toBeGreaterThanOrEqual(7);
    await request(t.app)
      .delete(`/api/admin/manual/${created.id}/`)
      .set(await as('staff_manual'))
      .expect(204);
    await request(t.app)
      .get(`/api/manual/pages/${created.id}/`)
      .set(await as('yamada'))
      .expect(404);
    const audit = await rows<{ action: string; actor_name: string; before: unknown; after: unknown }>(
      sql`select action, actor_name, before, after from admin_audit_log
        where resource = 'manual' and object_id = ${created.id} order by id`,
    );
    expect(audit.map((a) => [a.action, a.actor_name])).toEqual([
      ['create', 'staff_manual'],
      ['update', 'staff_manual'],
      ['delete', 'staff_manual'],
    ]);
    expect(audit[1]).toMatchObject({ before: { title: '用語集' }, after: { title: '用語集（改訂）' } });
  });
});

describe("the console's attachments", () => {
  const BODY = { chapter: '付録', chapter_order: 6, page_order: 1, title: '図の一覧', body: '![図](図.png)' };
  const MB2 = 2 * 1024 * 1024;

  it.each([
    [
      '6 files',
      Array.from({ length: 6 }, (_, i) => ({ file: file(`f${i}.pdf`, 10) })),
      MANUAL_MSG.tooManyFiles,
    ],
    ['a 2.5 MB file', [{ file: file('big.pdf', 2.5 * 1024 * 1024) }], MANUAL_MSG.fileTooLarge],
    ['an Excel file (images and PDFs only)', [{ file: file('表.xlsx', 10) }], MANUAL_MSG.fileInvalid],
    ['a file of another kind', [{ file: file('run.exe', 10) }], MANUAL_MSG.fileInvalid],
    ['not an upload string', [{ file: 'name:???' }], MANUAL_MSG.fileInvalid],
    ['a kept file the page does not have', [{ n: 9 }], MANUAL_MSG.unknownAttachment],
    ['neither kept nor sent', [{ name: 'x.pdf' }], MANUAL_MSG.fileInvalid],
  ])('answers %s with 400 at 添付 in Japanese and writes nothing', async (_label, attachments, message) => {
    const before = await digest();
    const res = await request(t.app)
      .post('/api/admin/manual/')
      .set(await as('staff_manual'))
      .send({ ...BODY, attachments })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expectJapaneseError(res.body);
    expect(await digest()).toBe(before);
  });

  // 10 MB through PGlite's bytea takes seconds on a busy machine: room for it, not a timing claim.
  it(
    'saves five 2 MB files in one request, keeps them by place, and the reader gets them',
    { timeout: 120_000 },
    async () => {
      const names = ['図.png', '手順1.pdf', '手順2.pdf', '手順3.pdf', '手順4.pdf'];
      const created = (
        await request(t.app)
          .post('/api/admin/manual/')
          .set(await as('staff_manual'))
          .send({ ...BODY, attachments: names.map((name) => ({ file: file(name, MB2) })) })
          .expect(201)
      ).body as TAdminManualPage;
      expect(created.attachments.map((a) => [a.n, a.name, a.size])).toEqual(
        names.map((name, i) => [i + 1, name, MB2]),
      );
      // Keep 図.png and 手順4.pdf (renumbered in the order sent), add one.
      const changed = (
        await request(t.app)
          .put(`/api/admin/manual/${created.id}/`)
          .set(await as('staff_manual'))
          .send({ ...BODY, attachments: [{ n: 5 }, { n: 1 }, { file: file('追加.jpg', 10) }] })
          .expect(200)
      ).body as TAdminManualPage;
      expect(changed.attachments.map((a) => a.name)).toEqual(['手順4.pdf', '図.png', '追加.jpg']);
      // Left out, the files stay.
      const kept = (
        await request(t.app)
          .put(`/api/admin/manual/${created.id}/`)
          .set(await as('staff_manual'))
          .send({ ...BODY, title: '図の一覧（改訂）' })
          .expect(200)
      ).body as TAdminManualPage;
      expect(kept.attachments.map((a) => a.name)).toEqual(['手順4.pdf', '図.png', '追加.jpg']);
      const download = await request(t.app)
        .get(`/api/manual/pages/${created.id}/attachments/2/`)
        .set(await as('yamada'))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect((download.body as Buffer).length).toBe(MB2);
      const audit = await rows<{ after: { attachments: string[] } }>(
        sql`select after from admin_audit_log where resource = 'manual' and object_id = ${created.id} order by id`,
      );
      const now = ['手順4.pdf', '図.png', '追加.jpg'];
      expect(audit.map((a) => a.after.attachments)).toEqual([names, now, now]);
    },
  );

  it(
    'refuses a body past the five files with 413 and anyone without the permission with 403',
    { timeout: 120_000 },
    async () => {
      const before = await digest();
      const attachments = Array.from({ length: 6 }, (_, i) => ({ file: file(`f${i}.pdf`, MB2) }));
      const big = await request(t.app)
        .post('/api/admin/manual/')
        .set(await as('staff_manual'))
        .send({ ...BODY, attachments });
      expect(big.status).toBe(413);
      expectJapaneseError(big.body);
      const denied = await request(t.app)
        .post('/api/admin/manual/')
        .set(await as('staff_none'))
        .send({ ...BODY, attachments: [{ file: file('a.pdf', 10) }] });
      expect(denied.status).toBe(403);
      expect(await digest()).toBe(before);
    },
  );
});
