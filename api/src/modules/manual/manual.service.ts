// The manual as employees read it: the contents, one page with its attachments and last editor, an
// attachment, and the search. The manual is a few dozen pages, so the search reads them all and folds
// in code with the same function the web highlights with (shared/src/kana.ts).
import { and, asc, eq, sql } from 'drizzle-orm';
import { findFolded } from '@portal/shared/kana';
import {
  MANUAL_LIMITS,
  type TManualAttachment,
  type TManualContents,
  type TManualPage,
  type TManualSearch,
  type TManualSearchHit,
} from '@portal/shared/contracts/manual';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { manualAttachments, manualPages } from '../../db/schema/manual.ts';
import { NotFound } from '../../errors.ts';
import { userNames } from '../people/display-names.ts';

const ORDER = [
  asc(manualPages.chapterOrder),
  asc(manualPages.chapter),
  asc(manualPages.pageOrder),
  asc(manualPages.id),
];

export const attachmentUrl = (pageId: number, n: number): string =>
  `/api/manual/pages/${pageId}/attachments/${n}/`;

export async function pageAttachments(db: Db, pageId: number): Promise<TManualAttachment[]> {
  const rows = await db
    .select({
      n: manualAttachments.n,
      name: manualAttachments.name,
      contentType: manualAttachments.contentType,
      size: sql<number>`octet_length(${manualAttachments.data})`.mapWith(Number),
    })
    .from(manualAttachments)
    .where(eq(manualAttachments.pageId, pageId))
    .orderBy(asc(manualAttachments.n));
  return rows.map((r) => ({
    n: r.n,
    name: r.name,
    content_type: r.contentType,
    size: r.size,
    url: attachmentUrl(pageId, r.n),
  }));
}

export async function editorName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  return (await userNames(db, [userId])).get(userId) ?? null;
}

export async function getContents({ ctx }: { ctx: RequestContext }): Promise<TManualContents> {
  const rows = await ctx.db
    .select({ id: manualPages.id, chapter: manualPages.chapter, title: manualPages.title })
    .from(manualPages)
    .orderBy(...ORDER);
  const chapters: TManualContents['chapters'] = [];
  for (const row of rows) {
    const last = chapters.at(-1);
    if (last?.title === row.chapter) last.pages.push({ id: row.id, title: row.title });
    else chapters.push({ title: row.chapter, pages: [{ id: row.id, title: row.title }] });
  }
  return { chapters };
}

export async function getPage({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TManualPage> {
  const [row] = await ctx.db.select().from(manualPages).where(eq(manualPages.id, input.id));
  if (!row) throw new NotFound();
  return {
    id: row.id,
    chapter: row.chapter,
    title: row.title,
    body: row.body,
    attachments: await pageAttachments(ctx.db, row.id),
    updated_at: row.updatedAt.toISOString(),
    updated_by_name: await editorName(ctx.db, row.updatedBy),
  };
}

export async function getAttachment({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; attachmentId: number };
}): Promise<{ name: string; contentType: string; data: Buffer }> {
  const [row] = await ctx.db
    .select({
      name: manualAttachments.name,
      contentType: manualAttachments.contentType,
      data: manualAttachments.data,
    })
    .from(manualAttachments)
    .where(and(eq(manualAttachments.pageId, input.id), eq(manualAttachments.n, input.attachmentId)));
  if (!row) throw new NotFound();
  return row;
}

/** The body as a reader sees its words: no Markdown marks, images or link targets, one line. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const PASSAGE_BEFORE = 30;
const PASSAGE_LENGTH = 120;

/** A stretch of `text` around [start, end), cut at the edges with '…'. */
function passageAround(text: string, start: number): string {
  const from = Math.max(0, start - PASSAGE_BEFORE);
  const to = Math.min(text.length, from + PASSAGE_LENGTH);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

export async function searchManual({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { query: string };
}): Promise<TManualSearch> {
  const rows = await ctx.db
    .select({
      id: manualPages.id,
      chapter: manualPages.chapter,
      title: manualPages.title,
      body: manualPages.body,
    })
    .from(manualPages)
    .orderBy(...ORDER);
  const inTitle: TManualSearchHit[] = [];
  const inBody: TManualSearchHit[] = [];
  for (const row of rows) {
    const text = plainText(row.body);
    const titleHit = findFolded(row.title, input.query).length > 0;
    const bodyHit = findFolded(text, input.query)[0];
    if (!titleHit && !bodyHit) continue;
    const hit = {
      id: row.id,
      chapter: row.chapter,
      title: row.title,
      passage: bodyHit ? passageAround(text, bodyHit[0]) : '',
    };
    (titleHit ? inTitle : inBody).push(hit);
  }
  return { query: input.query, results: [...inTitle, ...inBody].slice(0, MANUAL_LIMITS.results) };
}
