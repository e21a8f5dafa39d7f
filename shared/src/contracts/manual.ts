// The company manual (/manual, issue 30): chapters of pages in Markdown, each with its attachments
// (images shown in the page, PDFs linked), its last editor and date; a search over titles and bodies
// that folds width and kana (shared/src/kana.ts). Written with zod/mini: the console's form checks with
// the same schema.
import * as z from 'zod/mini';
import { FIELD_MSG } from '../messages.ts';

export const MANUAL_LIMITS = { chapter: 100, title: 100, body: 20_000, query: 100, results: 20 } as const;

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

export interface TManualAttachment {
  n: number;
  name: string;
  content_type: string;
  size: number;
  /** Where the reader downloads it (and what the Markdown may show as an image). */
  url: string;
}

export interface TManualPageLink {
  id: number;
  title: string;
}

export interface TManualChapter {
  title: string;
  pages: TManualPageLink[];
}

/** GET manual/: the contents, chapters and their pages in order. */
export interface TManualContents {
  chapters: TManualChapter[];
}

/** GET manual/pages/{id}/. */
export interface TManualPage {
  id: number;
  chapter: string;
  title: string;
  body: string;
  attachments: TManualAttachment[];
  updated_at: string;
  /** The last editor's display name; null once their account is gone. */
  updated_by_name: string | null;
}

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

export interface TManualSearchHit {
  id: number;
  chapter: string;
  title: string;
  /** A stretch of the body (plain text, Markdown marks removed) around the first match; '' when only the title matched. */
  passage: string;
}

export interface TManualSearch {
  query: string;
  results: TManualSearchHit[];
}

// ---- the console -------------------------------------------------------------------------------

/** POST / PATCH admin/manual/: one page. */
export const ZAdminManualPage = z.strictObject({
  chapter: ZText('章', MANUAL_LIMITS.chapter),
  chapter_order: ZOrder('章の順番'),
  page_order: ZOrder('ページの順番'),
  title: ZText('タイトル', MANUAL_LIMITS.title),
  body: z
    .string({ error: FIELD_MSG.type('本文', '文字列') })
    .check(z.maxLength(MANUAL_LIMITS.body, FIELD_MSG.maxLength('本文', MANUAL_LIMITS.body))),
});
export type TAdminManualPageRequest = z.infer<typeof ZAdminManualPage>;

export interface TAdminManualRow {
  id: number;
  chapter: string;
  chapter_order: number;
  page_order: number;
  title: string;
  updated_at: string;
  updated_by_name: string | null;
}

export interface TAdminManualPage extends TAdminManualRow {
  body: string;
  attachments: TManualAttachment[];
}
