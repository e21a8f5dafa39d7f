// The company manual (/manual, issue 30): chapters of pages in Markdown, each with its attachments
// (images shown in the page, PDFs linked), its last editor and date; a search over titles and bodies
// that folds width and kana (shared/src/kana.ts). Written with zod/mini: the console's form checks with
// the same schema.
import * as z from 'zod/mini';
import { FIELD_MSG } from '../messages.ts';
import { MANUAL_LIMITS, MANUAL_MSG } from './manual-codes.ts';

export { MANUAL_LIMITS } from './manual-codes.ts';

const ZText = (label: string, max: number) =>
  z
    .string({ error: FIELD_MSG.required(label) })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MSG.required(label)),
      z.maxLength(max, FIELD_MSG.maxLength(label, max)),
    );

const ZOrder = (label: string) =>
  z
    .number({ error: FIELD_MSG.integer(label) })
    .check(
      z.int(FIELD_MSG.integer(label)),
      z.minimum(0, FIELD_MSG.min(label, 0)),
      z.maximum(9999, FIELD_MSG.max(label, 9999)),
    );

export const ZManualAttachment = z.object({
  n: z.number(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  /** Where the reader downloads it (and how the Markdown may name it as an image). */
  url: z.string(),
});
export type TManualAttachment = z.infer<typeof ZManualAttachment>;

export const ZManualPageLink = z.object({ id: z.number(), title: z.string() });
export type TManualPageLink = z.infer<typeof ZManualPageLink>;

export const ZManualChapter = z.object({ title: z.string(), pages: z.array(ZManualPageLink) });
export type TManualChapter = z.infer<typeof ZManualChapter>;

/** GET manual/: the contents, chapters and their pages in order. */
export const ZManualContents = z.object({ chapters: z.array(ZManualChapter) });
export type TManualContents = z.infer<typeof ZManualContents>;

/** GET manual/pages/{id}/; `updated_by_name` is null once the last editor's account is gone. */
export const ZManualPage = z.object({
  id: z.number(),
  chapter: z.string(),
  title: z.string(),
  body: z.string(),
  attachments: z.array(ZManualAttachment),
  updated_at: z.string(),
  updated_by_name: z.nullable(z.string()),
});
export type TManualPage = z.infer<typeof ZManualPage>;

/** GET manual/search/?query=: pages whose title or body holds the query after folding, titles first. */
export const ZManualSearchQuery = z.object({
  query: z
    .string({ error: FIELD_MSG.required('検索語') })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MSG.required('検索語')),
      z.maxLength(MANUAL_LIMITS.query, FIELD_MSG.maxLength('検索語', MANUAL_LIMITS.query)),
    ),
});
export type TManualSearchQuery = z.infer<typeof ZManualSearchQuery>;

/** A page found; `passage` is a stretch of the body (plain text) around the first match, '' when only the title matched. */
export const ZManualSearchHit = z.object({
  id: z.number(),
  chapter: z.string(),
  title: z.string(),
  passage: z.string(),
});
export type TManualSearchHit = z.infer<typeof ZManualSearchHit>;

export const ZManualSearch = z.object({ query: z.string(), results: z.array(ZManualSearchHit) });
export type TManualSearch = z.infer<typeof ZManualSearch>;

// ---- the console -------------------------------------------------------------------------------

/** An attachment of the form: one kept from before (by its place), or a new upload string. */
export const ZManualAttachmentInput = z.union(
  [
    z.strictObject({ n: z.number().check(z.int(), z.positive()) }),
    z.strictObject({ file: z.string().check(z.minLength(1, MANUAL_MSG.fileInvalid)) }),
  ],
  { error: MANUAL_MSG.fileInvalid },
);
export type TManualAttachmentInput = z.infer<typeof ZManualAttachmentInput>;

/** POST / PUT admin/manual/: one page. */
export const ZAdminManualPageRequest = z.strictObject({
  chapter: ZText('章', MANUAL_LIMITS.chapter),
  chapter_order: ZOrder('章の順番'),
  page_order: ZOrder('ページの順番'),
  title: ZText('タイトル', MANUAL_LIMITS.title),
  body: z
    .string({ error: FIELD_MSG.type('本文', '文字列') })
    .check(z.maxLength(MANUAL_LIMITS.body, FIELD_MSG.maxLength('本文', MANUAL_LIMITS.body))),
  /** Each kept by its place or sent anew as an upload string (spec §3.10); left out, the files stay as they are. */
  attachments: z.optional(
    z
      .array(ZManualAttachmentInput, { error: MANUAL_MSG.fileInvalid })
      .check(z.maxLength(MANUAL_LIMITS.files, MANUAL_MSG.tooManyFiles)),
  ),
});
export type TAdminManualPageRequest = z.infer<typeof ZAdminManualPageRequest>;

export const ZAdminManualRow = z.object({
  id: z.number(),
  chapter: z.string(),
  chapter_order: z.number(),
  page_order: z.number(),
  title: z.string(),
  updated_at: z.string(),
  updated_by_name: z.nullable(z.string()),
});
export type TAdminManualRow = z.infer<typeof ZAdminManualRow>;

/** GET admin/manual/: a page of the list, in the Django REST envelope. */
export const ZAdminManualList = z.object({
  count: z.number(),
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  results: z.array(ZAdminManualRow),
});

export const ZAdminManualPage = z.extend(ZAdminManualRow, {
  body: z.string(),
  attachments: z.array(ZManualAttachment),
});
export type TAdminManualPage = z.infer<typeof ZAdminManualPage>;
