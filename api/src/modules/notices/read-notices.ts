// お知らせ as employees read them: those addressed to the caller and live now, pinned and 重要 first,
// then newest. Opening one marks it read; one addressed elsewhere, or outside its period, is 404
// (fetch-or-404, as records/record-access.ts scopes a record to its caller).
import { sql } from 'drizzle-orm';
import { type TNotice, type TNoticeListQuery, type TNoticeRow } from '@portal/shared/contracts/notices';
import {
  HOME_NOTICES_SHOWN,
  importanceName,
  type TNoticeImportance,
} from '@portal/shared/contracts/notice-codes';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { noticeReads } from '../../db/schema/notices.ts';
import { NotFound } from '../../errors.ts';
import type { FileDownload } from '../../files/download.ts';
import { pageOffset } from '../../pagination.ts';
import { addressedTo, liveAt } from './notice-audience.ts';

interface Row {
  id: number;
  title: string;
  importance: TNoticeImportance;
  pinned: boolean;
  publish_start: Date | string;
  is_read: boolean;
}

const toRow = (r: Row): TNoticeRow => ({
  id: Number(r.id),
  title: r.title,
  importance: r.importance,
  importance_name: importanceName(r.importance),
  pinned: r.pinned,
  published_at: new Date(r.publish_start).toISOString(),
  is_read: r.is_read,
});

function readByCaller(ctx: RequestContext) {
  return sql`exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = ${ctx.user.id})`;
}

function mine(ctx: RequestContext, now: Date) {
  return sql`${liveAt(now)} and ${addressedTo(ctx.user.id)}`;
}

export async function listNotices({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TNoticeListQuery;
}): Promise<{ count: number; results: TNoticeRow[] }> {
  const now = new Date();
  const where = input.unread === '1' ? sql`${mine(ctx, now)} and not ${readByCaller(ctx)}` : mine(ctx, now);
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from notices n where ${where}`,
  );
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select n.id, n.title, n.importance, n.pinned, n.publish_start, ${readByCaller(ctx)} as is_read
      from notices n where ${where}
      order by n.pinned desc, (n.importance = 'important') desc, n.publish_start desc, n.id desc
      limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  return { count: Number(total?.n ?? 0), results: rows.map(toRow) };
}

/** /home's card: the newest notices addressed to the caller. */
export async function newestNotices(ctx: RequestContext): Promise<TNoticeRow[]> {
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select n.id, n.title, n.importance, n.pinned, n.publish_start, ${readByCaller(ctx)} as is_read
      from notices n where ${mine(ctx, new Date())}
      order by n.publish_start desc, n.id desc limit ${HOME_NOTICES_SHOWN}`,
  );
  return rows.map(toRow);
}

/** The notice if the caller may read it now, else 404. */
async function findMine(ctx: RequestContext, id: number) {
  const [row] = await queryRows<Row & { body: string; publish_end: Date | string | null }>(
    ctx.db,
    sql`select n.id, n.title, n.importance, n.pinned, n.publish_start, n.publish_end, n.body,
        ${readByCaller(ctx)} as is_read
      from notices n where n.id = ${id} and ${mine(ctx, new Date())}`,
  );
  if (!row) throw new NotFound();
  return row;
}

export async function attachmentsOf(db: Db, id: number): Promise<TNotice['attachments']> {
  const rows = await queryRows<{ n: number; name: string; size: number; content_type: string }>(
    db,
    sql`select n, name, octet_length(content)::int as size, content_type from notice_attachments
      where notice_id = ${id} order by n`,
  );
  return rows.map((a) => ({
    n: Number(a.n),
    name: a.name,
    size: Number(a.size),
    content_type: a.content_type,
  }));
}

/** GET notices/{id}/: the notice, marked read for the caller. */
export async function getNotice({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TNotice> {
  const row = await findMine(ctx, input.id);
  await ctx.db.insert(noticeReads).values({ noticeId: input.id, userId: ctx.user.id }).onConflictDoNothing();
  return {
    ...toRow({ ...row, is_read: true }),
    body: row.body,
    publish_end: row.publish_end === null ? null : new Date(row.publish_end).toISOString(),
    attachments: await attachmentsOf(ctx.db, input.id),
  };
}

/** One of a notice's files, for whoever may read the notice (or, `console`, for the console). */
export async function readAttachment(
  ctx: RequestContext,
  input: { id: number; n: number },
  console = false,
): Promise<FileDownload> {
  if (!console) await findMine(ctx, input.id);
  const [file] = await queryRows<{ name: string; content_type: string; content: Uint8Array }>(
    ctx.db,
    sql`select name, content_type, content from notice_attachments where notice_id = ${input.id} and n = ${input.n}`,
  );
  if (!file) throw new NotFound();
  return { body: Buffer.from(file.content), type: file.content_type, filename: file.name, private: true };
}
