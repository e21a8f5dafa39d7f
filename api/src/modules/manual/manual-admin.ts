// The console's manual pages (resource `manual`): staff holding company.change_manual, each change in
// one transaction with its audit row (console-access.ts).
import { asc, count, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE, type TPage } from '@portal/shared/contracts/pagination';
import type {
  TAdminManualPage,
  TAdminManualPageRequest,
  TAdminManualRow,
} from '@portal/shared/contracts/manual';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { manualPages } from '../../db/schema/manual.ts';
import { NotFound } from '../../errors.ts';
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

/** What the audit keeps of a page: everything but the attachments. */
const audited = (row: PageRow) => ({
  chapter: row.chapter,
  chapter_order: row.chapterOrder,
  page_order: row.pageOrder,
  title: row.title,
  body: row.body,
});

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
      const [row] = await tx
        .insert(manualPages)
        .values({ ...columnsOf(input), updatedBy: ctx.user.id })
        .returning();
      return row!;
    },
    audit: (_before, after) => ({
      action: 'create',
      objectId: after.id,
      objectLabel: after.title,
      before: null,
      after: audited(after),
    }),
  }).then((row) => detailOf(ctx.db, row));
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
    before: (tx) => lockPage(tx, input.id),
    write: async (tx) => {
      const [row] = await tx
        .update(manualPages)
        .set({ ...columnsOf(input.body), updatedBy: ctx.user.id, updatedAt: sql`now()` })
        .where(eq(manualPages.id, input.id))
        .returning();
      return row!;
    },
    audit: (before, after) => {
      const was = audited(before);
      const now = audited(after);
      if (JSON.stringify(was) === JSON.stringify(now)) return null;
      return { action: 'update', objectId: after.id, objectLabel: after.title, before: was, after: now };
    },
  }).then((row) => detailOf(ctx.db, row));
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
    before: (tx) => lockPage(tx, input.id),
    write: async (tx) => {
      await tx.delete(manualPages).where(eq(manualPages.id, input.id));
      return null;
    },
    audit: (before) => ({
      action: 'delete',
      objectId: before.id,
      objectLabel: before.title,
      before: audited(before),
      after: null,
    }),
  });
}
