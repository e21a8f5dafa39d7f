// The console's manual pages (resource `manual`): staff holding company.change_manual, each change in
// one transaction with its audit row (console-access.ts).
import { asc, count, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE, type TPage } from '@portal/shared/contracts/pagination';
import { MANUAL_EXTENSIONS, MANUAL_LIMITS, MANUAL_MSG } from '@portal/shared/contracts/manual-codes';
import type {
  TAdminManualPage,
  TAdminManualPageRequest,
  TAdminManualRow,
} from '@portal/shared/contracts/manual';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { manualAttachments, manualPages } from '../../db/schema/manual.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { readAttachmentInputs, type FileInput } from '../../files/attachment-inputs.ts';
import { pageOffset } from '../../pagination.ts';
import { consoleChange, nothingBefore } from '../admin/console-access.ts';
import { editorName, pageAttachments } from './manual.service.ts';

type PageRow = typeof manualPages.$inferSelect;

function rowOf(row: PageRow, editor: string | null): TAdminManualRow {
  return {
    id: row.id,
    chapter: row.chapter,
    chapter_order: row.chapterOrder,
    page_order: row.pageOrder,
    title: row.title,
    updated_at: row.updatedAt.toISOString(),
    updated_by_name: editor,
  };
}

async function detailOf(db: Db, row: PageRow): Promise<TAdminManualPage> {
  return {
    ...rowOf(row, await editorName(db, row.updatedBy)),
    body: row.body,
    attachments: await pageAttachments(db, row.id),
  };
}

/** What the audit keeps of a page: its text, and of its attachments only their names. */
async function audited(db: Db, row: PageRow) {
  const files = await db
    .select({ name: manualAttachments.name })
    .from(manualAttachments)
    .where(eq(manualAttachments.pageId, row.id))
    .orderBy(asc(manualAttachments.n));
  return {
    chapter: row.chapter,
    chapter_order: row.chapterOrder,
    page_order: row.pageOrder,
    title: row.title,
    body: row.body,
    attachments: files.map((f) => f.name),
  };
}

/** The files of the request, checked before anything is written (a 400 writes nothing). */
async function checkedFiles(
  tx: Db,
  pageId: number | null,
  body: TAdminManualPageRequest,
): Promise<FileInput[] | null> {
  if (!body.attachments) return null;
  const kept = pageId
    ? await tx
        .select({ n: manualAttachments.n })
        .from(manualAttachments)
        .where(eq(manualAttachments.pageId, pageId))
    : [];
  const { files, errors } = readAttachmentInputs(body.attachments, new Set(kept.map((k) => k.n)), {
    extensions: MANUAL_EXTENSIONS,
    bytes: MANUAL_LIMITS.bytes,
    msg: MANUAL_MSG,
  });
  if (errors.length) throw new ValidationError({ attachments: errors });
  return files;
}

/** Replaces the page's files with those sent, kept ones renumbered in the order sent. */
async function writeFiles(tx: Db, pageId: number, files: readonly FileInput[]): Promise<void> {
  const old = await tx.select().from(manualAttachments).where(eq(manualAttachments.pageId, pageId));
  const byN = new Map(old.map((a) => [a.n, a]));
  await tx.delete(manualAttachments).where(eq(manualAttachments.pageId, pageId));
  const rows = files.map((file, i) => {
    const content =
      'keep' in file
        ? {
            name: byN.get(file.keep)!.name,
            contentType: byN.get(file.keep)!.contentType,
            data: byN.get(file.keep)!.data,
          }
        : { name: file.name, contentType: file.contentType, data: file.content };
    return { pageId, n: i + 1, ...content };
  });
  if (rows.length) await tx.insert(manualAttachments).values(rows);
}

async function lockPage(tx: Db, id: number): Promise<PageRow> {
  const [row] = await tx.select().from(manualPages).where(eq(manualPages.id, id)).for('update');
  if (!row) throw new NotFound();
  return row;
}

export async function listManualPages({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { page: number };
}): Promise<{ count: number; results: TAdminManualRow[] }> {
  const [total] = await ctx.db.select({ n: count() }).from(manualPages);
  const rows = await ctx.db
    .select()
    .from(manualPages)
    .orderBy(
      asc(manualPages.chapterOrder),
      asc(manualPages.chapter),
      asc(manualPages.pageOrder),
      asc(manualPages.id),
    )
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  const results: TAdminManualRow[] = [];
  for (const row of rows) results.push(rowOf(row, await editorName(ctx.db, row.updatedBy)));
  return { count: total?.n ?? 0, results } satisfies Omit<TPage<TAdminManualRow>, 'next' | 'previous'>;
}

export async function getManualPage({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  const [row] = await ctx.db.select().from(manualPages).where(eq(manualPages.id, input.id));
  if (!row) throw new NotFound();
  return detailOf(ctx.db, row);
}

const columnsOf = (body: TAdminManualPageRequest) => ({
  chapter: body.chapter,
  chapterOrder: body.chapter_order,
  pageOrder: body.page_order,
  title: body.title,
  body: body.body,
});

export function createManualPage({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TAdminManualPageRequest;
}): Promise<TAdminManualPage> {
  return consoleChange(ctx, {
    resource: 'manual',
    before: nothingBefore,
    write: async (tx) => {
      const files = await checkedFiles(tx, null, input);
      const [row] = await tx
        .insert(manualPages)
        .values({ ...columnsOf(input), updatedBy: ctx.user.id })
        .returning();
      if (files) await writeFiles(tx, row!.id, files);
      return { row: row!, audited: await audited(tx, row!) };
    },
    audit: (_before, after) => ({
      action: 'create',
      objectId: after.row.id,
      objectLabel: after.row.title,
      before: null,
      after: after.audited,
    }),
  }).then(({ row }) => detailOf(ctx.db, row));
}

export function replaceManualPage({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: TAdminManualPageRequest };
}): Promise<TAdminManualPage> {
  return consoleChange(ctx, {
    resource: 'manual',
    before: async (tx) => audited(tx, await lockPage(tx, input.id)),
    write: async (tx) => {
      const files = await checkedFiles(tx, input.id, input.body);
      const [row] = await tx
        .update(manualPages)
        .set({ ...columnsOf(input.body), updatedBy: ctx.user.id, updatedAt: sql`now()` })
        .where(eq(manualPages.id, input.id))
        .returning();
      if (files) await writeFiles(tx, input.id, files);
      return { row: row!, audited: await audited(tx, row!) };
    },
    audit: (was, after) => {
      if (JSON.stringify(was) === JSON.stringify(after.audited)) return null;
      return {
        action: 'update',
        objectId: after.row.id,
        objectLabel: after.row.title,
        before: was,
        after: after.audited,
      };
    },
  }).then(({ row }) => detailOf(ctx.db, row));
}

export async function deleteManualPage({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<void> {
  await consoleChange(ctx, {
    resource: 'manual',
    before: async (tx) => audited(tx, await lockPage(tx, input.id)),
    write: async (tx) => {
      await tx.delete(manualPages).where(eq(manualPages.id, input.id));
      return null;
    },
    audit: (before) => ({
      action: 'delete',
      objectId: input.id,
      objectLabel: before.title,
      before,
      after: null,
    }),
  });
}
