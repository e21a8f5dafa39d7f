// お知らせ's codes, labels, messages and pure rules (issue 30), without any zod: the web's console and
// notice screens import these, so they add nothing to the zod chunk the sign-in page loads (as
// admin-codes.ts). The schemas are in notices.ts.
import { ATTACHMENT_EXTENSIONS, MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';

export const NOTICE_LIMITS = { title: 100, body: 20_000, files: 5, bytes: MAX_UPLOAD_BYTES } as const;
/** /home's card. */
export const HOME_NOTICES_SHOWN = 3;

export const NOTICE_IMPORTANCES = [
  { value: 'normal', label: '通常' },
  { value: 'important', label: '重要' },
] as const;
export type TNoticeImportance = (typeof NOTICE_IMPORTANCES)[number]['value'];

/** 状態 is computed from the draft flag and the period, never stored. */
export const NOTICE_STATES = [
  { value: 'draft', label: '下書き' },
  { value: 'scheduled', label: '公開予約' },
  { value: 'published', label: '公開中' },
  { value: 'ended', label: '公開終了' },
] as const;
export type TNoticeState = (typeof NOTICE_STATES)[number]['value'];

export const NOTICE_LABELS = {
  title: 'タイトル',
  body: '本文',
  attachments: '添付',
  importance: '重要度',
  publish_start: '公開開始',
  publish_end: '公開終了',
  organization_ids: '対象',
  pinned: '固定表示',
  draft: '下書き',
} as const;

export const NOTICE_MSG = {
  tooManyFiles: FIELD_MSG.tooManyChoices(NOTICE_LABELS.attachments, NOTICE_LIMITS.files),
  fileInvalid: FIELD_MSG.fileInvalid(NOTICE_LABELS.attachments),
  fileTooLarge: FIELD_MSG.fileTooLarge(NOTICE_LABELS.attachments, MAX_UPLOAD_KB),
  endBeforeStart: `${NOTICE_LABELS.publish_end} は ${NOTICE_LABELS.publish_start} より後の日時にしてください。`,
  unknownOrganization: `${NOTICE_LABELS.organization_ids} に存在しない組織が含まれています。`,
  unknownAttachment: `${NOTICE_LABELS.attachments} に存在しないファイルが含まれています。`,
  datetime: (label: string) => `${label} は YYYY-MM-DD HH:MM 形式の正しい日時で入力してください。`,
  remindConfirm: '未読の対象者に再通知します。よろしいですか？',
  remindNotLive: '公開中のお知らせだけ再通知できます。',
  everyone: '全社',
} as const;

export const NOTICE_EXTENSIONS: readonly string[] = [
  ...ATTACHMENT_EXTENSIONS.image,
  ...ATTACHMENT_EXTENSIONS.pdf,
  ...ATTACHMENT_EXTENSIONS.excel,
];

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A date and time as the console sends it: `YYYY-MM-DD HH:MM` (or with `T`, seconds) in Asia/Tokyo,
 * or ISO 8601 with its offset. Null when it is not one, or names no real moment (2月30日).
 */
export function parseNoticeTime(text: string): Date | null {
  const m = DATETIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone ?? '+09:00'}`);
  if (Number.isNaN(at.getTime())) return null;
  // Date rolls 2026-02-30 over to March: compare the fields as written, in the zone written.
  const offsetMinutes =
    !zone || zone === 'Z'
      ? zone === 'Z'
        ? 0
        : 540
      : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString();
  return local.slice(0, 16) === `${y}-${mo}-${d}T${h}:${mi}` ? at : null;
}

/** The state of a notice at `now`. */
export function noticeState(
  notice: { draft: boolean; publish_start: string | Date | null; publish_end: string | Date | null },
  now: Date,
): TNoticeState {
  if (notice.draft || notice.publish_start === null) return 'draft';
  if (new Date(notice.publish_start) > now) return 'scheduled';
  if (notice.publish_end !== null && new Date(notice.publish_end) <= now) return 'ended';
  return 'published';
}

export function noticeStateName(state: TNoticeState): string {
  return NOTICE_STATES.find((s) => s.value === state)!.label;
}

export function importanceName(importance: TNoticeImportance): string {
  return NOTICE_IMPORTANCES.find((i) => i.value === importance)!.label;
}
