// お知らせ (issue 30): company announcements, apart from the bell. Employees read the ones addressed
// to them (全社, or an organisation with everyone below it) within their period; the console writes
// them. Messages are written here in Japanese so the console's form and the API's answer read alike.
import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';
import { NOTICE_LABELS, NOTICE_LIMITS, NOTICE_MSG, parseNoticeTime } from './notice-codes.ts';
import { ZPageQuery } from './pagination.ts';

// ---- what employees read -------------------------------------------------------------------

export const ZNoticeAttachment = z.object({
  /** Its place in the notice, from 1: `notices/{id}/attachments/{n}/`. */
  n: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type TNoticeAttachment = z.infer<typeof ZNoticeAttachment>;

export const ZNoticeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  importance: z.enum(['normal', 'important']),
  importance_name: z.string(),
  pinned: z.boolean(),
  /** When it was published (its 公開開始), ISO 8601. */
  published_at: z.string(),
  is_read: z.boolean(),
});
export type TNoticeRow = z.infer<typeof ZNoticeRow>;

export const ZNotice = ZNoticeRow.extend({
  body: z.string(),
  publish_end: z.string().nullable(),
  attachments: z.array(ZNoticeAttachment),
});
export type TNotice = z.infer<typeof ZNotice>;

/** GET notices/?page=N&unread=1 */
export const ZNoticeListQuery = ZPageQuery.extend({
  unread: z.optional(z.enum(['0', '1'], { error: FIELD_MSG.boolean('未読') })),
});
export type TNoticeListQuery = z.infer<typeof ZNoticeListQuery>;

// ---- the console ---------------------------------------------------------------------------

const ZNoticeTime = (label: string) =>
  z
    .string({ error: FIELD_MSG.type(label, '文字列') })
    .nullable()
    .refine(
      (v) => v === null || v.trim() === '' || parseNoticeTime(v.trim()) !== null,
      NOTICE_MSG.datetime(label),
    )
    .transform((v) => (v === null || v.trim() === '' ? null : parseNoticeTime(v.trim())!));

/** An attachment of the form: one kept from before (by its place), or a new upload string (spec §3.10). */
export const ZNoticeAttachmentInput = z.union(
  [
    z.strictObject({ n: z.number().int().positive() }),
    z.strictObject({ file: z.string().min(1, NOTICE_MSG.fileInvalid) }),
  ],
  { error: NOTICE_MSG.fileInvalid },
);

/** POST admin/notices/ and PATCH admin/notices/{id}/: the whole notice (a PATCH replaces it). */
export const ZAdminNoticeBody = z
  .strictObject({
    title: z
      .string({ error: FIELD_MSG.required(NOTICE_LABELS.title) })
      .trim()
      .min(1, FIELD_MSG.required(NOTICE_LABELS.title))
      .max(NOTICE_LIMITS.title, FIELD_MSG.maxLength(NOTICE_LABELS.title, NOTICE_LIMITS.title)),
    body: z
      .string({ error: FIELD_MSG.type(NOTICE_LABELS.body, '文字列') })
      .max(NOTICE_LIMITS.body, FIELD_MSG.maxLength(NOTICE_LABELS.body, NOTICE_LIMITS.body))
      .default(''),
    importance: z
      .enum(['normal', 'important'], { error: FIELD_MSG.choice(NOTICE_LABELS.importance) })
      .default('normal'),
    publish_start: ZNoticeTime(NOTICE_LABELS.publish_start).default(null),
    publish_end: ZNoticeTime(NOTICE_LABELS.publish_end).default(null),
    /** Empty: 全社. Each organisation counts with everyone below it. */
    organization_ids: z
      .array(
        z
          .number({ error: FIELD_MSG.choice(NOTICE_LABELS.organization_ids) })
          .int()
          .positive(),
        {
          error: FIELD_MSG.choice(NOTICE_LABELS.organization_ids),
        },
      )
      .max(300, FIELD_MSG.tooManyChoices(NOTICE_LABELS.organization_ids, 300))
      .default([]),
    pinned: z.boolean({ error: FIELD_MSG.boolean(NOTICE_LABELS.pinned) }).default(false),
    draft: z.boolean({ error: FIELD_MSG.boolean(NOTICE_LABELS.draft) }).default(false),
    attachments: z
      .array(ZNoticeAttachmentInput, { error: NOTICE_MSG.fileInvalid })
      .max(NOTICE_LIMITS.files, NOTICE_MSG.tooManyFiles)
      .default([]),
  })
  .refine((b) => !b.publish_start || !b.publish_end || b.publish_end > b.publish_start, {
    error: NOTICE_MSG.endBeforeStart,
    path: ['publish_end'],
  });
export type TAdminNoticeBody = z.input<typeof ZAdminNoticeBody>;

const ZNoticeFields = {
  id: z.number().int(),
  title: z.string(),
  importance: z.enum(['normal', 'important']),
  importance_name: z.string(),
  pinned: z.boolean(),
  draft: z.boolean(),
  publish_start: z.string().nullable(),
  publish_end: z.string().nullable(),
  state: z.enum(['draft', 'scheduled', 'published', 'ended']),
  state_name: z.string(),
  /** 全社, or the organisations' names. */
  audience_name: z.string(),
};

export const ZAdminNoticeRow = z.object(ZNoticeFields);
export type TAdminNoticeRow = z.infer<typeof ZAdminNoticeRow>;

export const ZAdminNotice = z.object({
  ...ZNoticeFields,
  body: z.string(),
  organizations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  attachments: z.array(ZNoticeAttachment),
  /** 既読 n / 対象 m. */
  read_count: z.number().int(),
  audience_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminNotice = z.infer<typeof ZAdminNotice>;

/** POST admin/notices/{id}/remind/: the unread members of the audience get a bell and a Lark text again. */
export const ZAdminNoticeRemind = z.strictObject({
  confirm: z.literal(true, { error: FIELD_MSG.required('確認') }),
});
export type TAdminNoticeRemind = z.infer<typeof ZAdminNoticeRemind>;
export const ZAdminNoticeReminded = z.object({ notified: z.number().int() });
export type TAdminNoticeReminded = z.infer<typeof ZAdminNoticeReminded>;
