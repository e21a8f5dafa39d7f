// Issuing payslips and withholding slips (issue 29, spec §2.3 給与・源泉票発行, アップロード履歴, §7.8):
// the upload's check → preview → issue (stateless, the preview's sha256 token), the history of
// uploads with who opened their slips, resend, publication changes, the lists of issued slips across
// employees, and each employee's consent to electronic delivery (所得税法 §231).
import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';

// ---- kinds and limits ------------------------------------------------------------------------

/** 種類: 給与明細, 賞与明細, 源泉徴収票. */
export const UPLOAD_KINDS = ['salary', 'bonus', 'withholding'] as const;
export type TUploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_KIND_NAMES: Record<TUploadKind, string> = {
  salary: '給与明細',
  bonus: '賞与明細',
  withholding: '源泉徴収票',
};

/** 状態 of an upload: 公開予約 (before its publication time), 公開済み, 取消. */
export const UPLOAD_STATES = ['scheduled', 'published', 'withdrawn'] as const;
export type TUploadState = (typeof UPLOAD_STATES)[number];
export const UPLOAD_STATE_NAMES: Record<TUploadState, string> = {
  scheduled: '公開予約',
  published: '公開済み',
  withdrawn: '取消',
};

/** Data rows one file may carry. */
export const UPLOAD_MAX_ROWS = 5000;
/** The publication time may be at most this many days ahead. */
export const UPLOAD_PUBLISH_MAX_DAYS = 31;
/** Spec §5/§9: 2,097,152 bytes, checked as 2048 KB; the file travels base64 in JSON. */
export const UPLOAD_MAX_BYTES = 2_097_152;
const UPLOAD_MAX_BASE64 = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4;
/** The extensions a file may have. */
export const UPLOAD_EXTENSIONS = ['.csv', '.xlsx', '.xlsm'] as const;

export const UPLOAD_MSG = {
  fileRequired: 'ファイルを選択してください。',
  fileTooLarge: 'ファイル のサイズは 2048KB 以下にしてください。',
  publishTooLate: `公開日時 は ${UPLOAD_PUBLISH_MAX_DAYS} 日以内にしてください。`,
  publishPast: '公開日時 は現在より後にしてください。',
  monthRequired: FIELD_MSG.required('対象月'),
} as const;

/** The payslip columns around the items: 社員番号, 氏名, items…, then these, then optional 備考. */
export const PAYSLIP_TOTAL_COLUMNS = ['支給合計', '控除合計', '差引支給額'] as const;
/** An item's header: `支給:基本給`, `控除:健康保険`, `勤怠:出勤日数`. */
export const PAYSLIP_ITEM_SECTIONS = ['支給', '控除', '勤怠'] as const;

// ---- check, preview, issue -------------------------------------------------------------------

const ZYear = z.coerce
  .number({ error: FIELD_MSG.required('対象年') })
  .check(z.int(FIELD_MSG.required('対象年')), z.gte(2000, '対象年 は 2000 以上にしてください。'))
  .check(z.lte(2100, '対象年 は 2100 以下にしてください。'));

const ZDate = z
  .string({ error: FIELD_MSG.required('支給日') })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, '支給日 は YYYY-MM-DD の形式で入力してください。'));

/** The settings of an upload: 種類, 対象年月 (対象年 alone for 源泉徴収票), 支給日, 公開. */
export const ZUploadSettings = z
  .strictObject({
    kind: z.enum(UPLOAD_KINDS, { error: FIELD_MSG.required('種類') }),
    year: ZYear,
    /** 1–12; left out (null) for 源泉徴収票. */
    month: z.nullish(
      z.coerce
        .number({ error: UPLOAD_MSG.monthRequired })
        .check(
          z.int(UPLOAD_MSG.monthRequired),
          z.gte(1, UPLOAD_MSG.monthRequired),
          z.lte(12, UPLOAD_MSG.monthRequired),
        ),
    ),
    paid_on: ZDate,
    /** ISO date-time of publication; null publishes at once (今すぐ). */
    publish_at: z.nullish(z.iso.datetime({ offset: true, error: '公開日時 の形式が正しくありません。' })),
  })
  .check(
    z.refine((s) => s.kind === 'withholding' || (s.month !== null && s.month !== undefined), {
      path: ['month'],
      message: UPLOAD_MSG.monthRequired,
    }),
  );

const ZUploadFile = {
  file_name: z
    .string({ error: UPLOAD_MSG.fileRequired })
    .check(
      z.trim(),
      z.minLength(1, UPLOAD_MSG.fileRequired),
      z.maxLength(255, FIELD_MSG.maxLength('ファイル名', 255)),
    ),
  /** The file's bytes, base64. */
  content: z
    .string({ error: UPLOAD_MSG.fileRequired })
    .check(z.minLength(1, UPLOAD_MSG.fileRequired), z.maxLength(UPLOAD_MAX_BASE64, UPLOAD_MSG.fileTooLarge)),
};

/** POST expense/upload/check/: the settings and the file; answers the preview, writes nothing. */
export const ZUploadCheck = z.strictObject({ ...ZUploadSettings.shape, ...ZUploadFile });
export type TUploadCheck = z.infer<typeof ZUploadCheck>;

/** POST expense/upload/: the same, with the preview's token. */
export const ZUploadIssue = z.strictObject({
  ...ZUploadCheck.shape,
  token: z
    .string({ error: FIELD_MSG.required('確認トークン') })
    .check(z.regex(/^[0-9a-f]{64}$/, FIELD_MSG.required('確認トークン'))),
});
export type TUploadIssue = z.infer<typeof ZUploadIssue>;

export interface TUploadError {
  /** The line of the file (the header is line 1). */
  row: number;
  /** The header of the cell, or null for the whole row or file. */
  column: string | null;
  message: string;
}

export interface TUploadEmployee {
  id: number;
  code: string;
  name: string;
}

/** One sum of the file and the same sum of the previous issue of that kind (null: none). */
export interface TUploadSum {
  label: string;
  amount: number;
  previous: number | null;
}

/** A row that replaces a published slip (訂正): the figure before and after (差引支給額, 支払金額). */
export interface TUploadCorrection {
  row: number;
  employee: TUploadEmployee;
  before: number;
  after: number;
}

export interface TUploadPreview {
  file_name: string;
  /** sha256 of the settings and the rows as read: issuing is refused (409) when the file reads otherwise. */
  token: string;
  kind: TUploadKind;
  /** The headers of the file, in order. */
  columns: string[];
  /** Every data row as read, with its line. */
  rows: { row: number; cells: string[] }[];
  /** Data rows, and employees matched among them. */
  row_count: number;
  matched: number;
  /** 支給合計, 控除合計, 差引支給額 (payslips) or 支払金額, 源泉徴収税額 (源泉徴収票). */
  sums: TUploadSum[];
  /** Employees with a contract in the period but no row (a warning, not an error). */
  missing: TUploadEmployee[];
  corrections: TUploadCorrection[];
  /** The label of the figure `corrections` compare. */
  correction_label: string;
  errors: TUploadError[];
}

export interface TUploadResult {
  id: number;
  slips: number;
  corrections: number;
  publish_at: string;
  detail: string;
}

// ---- history ---------------------------------------------------------------------------------

export const ZUploadHistoryQuery = z.object({
  kind: z.optional(z.enum(UPLOAD_KINDS, { error: FIELD_MSG.required('種類') })),
  year: z.optional(z.coerce.number().int().min(2000).max(2100)),
  state: z.optional(z.enum(UPLOAD_STATES, { error: FIELD_MSG.required('状態') })),
  page: z.coerce.number().int().min(1).default(1),
});
export type TUploadHistoryQuery = z.input<typeof ZUploadHistoryQuery>;

export interface TUploadHistoryRow {
  id: number;
  kind: TUploadKind;
  kind_name: string;
  year: number;
  month: number | null;
  /** 対象: 2026年10月分, 2026年分. */
  target: string;
  paid_on: string;
  /** 件数: the slips this upload issued. */
  count: number;
  /** 開封 n / m: how many of them their employee has opened. */
  opened: number;
  state: TUploadState;
  state_name: string;
  /** Some of its slips were replaced by a later upload (訂正済み). */
  corrected: boolean;
  publish_at: string;
  file_name: string;
  created_by: string;
  created_at: string;
}

export const ZUploadDetailQuery = z.object({
  /** Only employees who have not opened their slip (未開封). */
  unopened: z.optional(z.enum(['true', 'false', '1', '0'])),
  query: z.optional(z.string().max(100)),
  page: z.coerce.number().int().min(1).default(1),
});
export type TUploadDetailQuery = z.input<typeof ZUploadDetailQuery>;

export interface TUploadSlipRow {
  slip_id: number;
  employee: TUploadEmployee;
  /** 差引支給額 (payslips) or 支払金額 (源泉徴収票). */
  amount: number;
  /** The employee's own first view or download; HR's views do not count. */
  opened_at: string | null;
  /** This slip replaced an earlier one (訂正). */
  correction: boolean;
  /** A later upload replaced this slip (訂正済み). */
  superseded: boolean;
  /** The employee has not agreed to electronic delivery of this document: paper is due. */
  paper: boolean;
}

export interface TUploadHistoryDetail {
  upload: TUploadHistoryRow & { file_sha256: string; row_count: number; paper: number };
  /** The employees of the upload, 10 a page, filtered by `unopened` and `query`. */
  slips: { count: number; results: TUploadSlipRow[] };
}

/** PATCH expense/upload-history/{id}/: a new publication time, before publication only. */
export const ZUploadPublicationChange = z.strictObject({
  publish_at: z.iso.datetime({ offset: true, error: '公開日時 の形式が正しくありません。' }),
});
export type TUploadPublicationChange = z.infer<typeof ZUploadPublicationChange>;

/** POST expense/resend/: bell and Lark again to the employees of the upload who have not opened. */
export const ZUploadResend = z.strictObject({
  upload_id: z.coerce
    .number({ error: FIELD_MSG.required('アップロード') })
    .check(z.int(), z.gte(1), z.lte(2_147_483_647)),
});
export type TUploadResend = z.infer<typeof ZUploadResend>;

export interface TUploadResendResult {
  sent: number;
  detail: string;
}

// ---- issued slips across employees -----------------------------------------------------------

export const ZIssuedSlipQuery = z.object({
  year: z.optional(z.coerce.number().int().min(2000).max(2100)),
  month: z.optional(z.coerce.number().int().min(1).max(12)),
  query: z.optional(z.string().max(100)),
  page: z.coerce.number().int().min(1).default(1),
});
export type TIssuedSlipQuery = z.input<typeof ZIssuedSlipQuery>;

export interface TIssuedSlipRow {
  id: number;
  employee: TUploadEmployee;
  year: number;
  month: number | null;
  title: string;
  issued_on: string;
  amount: number;
  upload_id: number | null;
  publish_at: string;
  opened_at: string | null;
}

// ---- consent to electronic delivery ----------------------------------------------------------

/** The documents consent is given for. */
export const CONSENT_DOCUMENTS = ['payment', 'withholding'] as const;
export type TConsentDocument = (typeof CONSENT_DOCUMENTS)[number];
export const CONSENT_DOCUMENT_NAMES: Record<TConsentDocument, string> = {
  payment: '給与明細',
  withholding: '源泉徴収票',
};

/** 同意, みなし同意 (HR's notice unanswered by its reply date), 不同意, 書面交付希望, 未回答. */
export const CONSENT_STATUSES = ['agreed', 'deemed', 'refused', 'paper', 'none'] as const;
export type TConsentStatus = (typeof CONSENT_STATUSES)[number];
export const CONSENT_STATUS_NAMES: Record<TConsentStatus, string> = {
  agreed: '同意',
  deemed: 'みなし同意',
  refused: '不同意',
  paper: '書面交付希望',
  none: '未回答',
};
/** What an employee may answer. */
export const CONSENT_ANSWERS = ['agreed', 'refused', 'paper'] as const;

export interface TConsent {
  document: TConsentDocument;
  /** As it stands today: a notice unanswered past its reply date reads みなし同意. */
  status: TConsentStatus;
  status_name: string;
  /** When the employee answered (同意, 不同意, 書面交付希望). */
  answered_at: string | null;
  /** HR's notice and the reply date after which silence counts as consent. */
  notified_at: string | null;
  reply_by: string | null;
  /** Slips of this document go out on paper. */
  paper: boolean;
}

/** PUT slip-consent/{document}/: the employee's own answer. */
export const ZConsentAnswer = z.strictObject({
  status: z.enum(CONSENT_ANSWERS, { error: FIELD_MSG.required('同意') }),
});
export type TConsentAnswer = z.infer<typeof ZConsentAnswer>;

/** POST expense/consent/notice/: HR's notice to every employee who has not answered. */
export const ZConsentNotice = z.strictObject({
  document: z.enum(CONSENT_DOCUMENTS, { error: FIELD_MSG.required('書類') }),
  reply_by: z
    .string({ error: FIELD_MSG.required('回答期限') })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, '回答期限 は YYYY-MM-DD の形式で入力してください。')),
});
export type TConsentNotice = z.infer<typeof ZConsentNotice>;

export const ZConsentListQuery = z.object({
  document: z.optional(z.enum(CONSENT_DOCUMENTS)),
  status: z.optional(z.enum(CONSENT_STATUSES)),
  query: z.optional(z.string().max(100)),
  page: z.coerce.number().int().min(1).default(1),
});
export type TConsentListQuery = z.input<typeof ZConsentListQuery>;

export interface TConsentRow extends TConsent {
  employee: TUploadEmployee;
}

export interface TConsentNoticeResult {
  notified: number;
  detail: string;
}

/** The target of an upload: 2026年10月分 (payslips), 2026年分 (源泉徴収票). */
export function uploadTarget(upload: { year: number; month: number | null }): string {
  return upload.month === null ? `${upload.year}年分` : `${upload.year}年${upload.month}月分`;
}
