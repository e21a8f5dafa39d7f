// The upload form's settings (種類, 対象年月 or 対象年, 支給日, 公開) and the file, checked here before
// anything is sent, with the API's messages (shared/contracts/uploads.ts), so the same words show
// whichever side refuses.
import {
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MSG,
  UPLOAD_PUBLISH_MAX_DAYS,
  type TUploadKind,
} from '@portal/shared/contracts/uploads';
import { FIELD_MSG } from '@portal/shared/messages';
import { dayjs } from '@/lib/dayjs.ts';

export interface UploadForm {
  kind: TUploadKind;
  /** 対象年月 as YYYY-MM (給与明細, 賞与明細). */
  month: string;
  /** 対象年 (源泉徴収票). */
  year: number;
  /** 支給日, YYYY-MM-DD. */
  paidOn: string;
  publish: 'now' | 'later';
  publishDate: string;
  publishTime: string;
}

export type UploadField = 'kind' | 'month' | 'year' | 'paid_on' | 'publish_at' | 'file';

/** What the API takes besides the file. */
export interface UploadSettings {
  kind: TUploadKind;
  year: number;
  month: number | null;
  paid_on: string;
  publish_at: string | null;
}

export const EXTENSION_MESSAGE = `ファイル は ${UPLOAD_EXTENSIONS.join('、')} のいずれかにしてください。`;

/** The form as it opens: this month's 給与明細, paid on the 25th, published at once. */
export function initialForm(now: dayjs.Dayjs): UploadForm {
  return {
    kind: 'salary',
    month: now.format('YYYY-MM'),
    year: now.month() === 0 ? now.year() - 1 : now.year(),
    paidOn: now.date(25).format('YYYY-MM-DD'),
    publish: 'now',
    publishDate: now.add(1, 'day').format('YYYY-MM-DD'),
    publishTime: '09:00',
  };
}

/** The file's own checks: chosen, of a known extension, at most 2 MB. */
export function fileProblem(file: File | null): string | null {
  if (!file) return UPLOAD_MSG.fileRequired;
  const name = file.name.toLowerCase();
  if (!UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension))) return EXTENSION_MESSAGE;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MSG.fileTooLarge;
  return null;
}

/** A publication time from its date and time: after now, at most 31 days ahead, ISO with offset. */
export function readPublishAt(
  date: string,
  time: string,
  now: dayjs.Dayjs,
): { value: string; error: null } | { value: null; error: string } {
  const at = dayjs(`${date}T${time}`);
  if (!date || !time || !at.isValid()) return { value: null, error: FIELD_MSG.required('公開日時') };
  if (!at.isAfter(now)) return { value: null, error: UPLOAD_MSG.publishPast };
  if (at.isAfter(now.add(UPLOAD_PUBLISH_MAX_DAYS, 'day')))
    return { value: null, error: UPLOAD_MSG.publishTooLate };
  return { value: at.format(), error: null };
}

/** The settings to send, or the message of each field that is not right. */
export function readSettings(
  form: UploadForm,
  now: dayjs.Dayjs,
):
  | { settings: UploadSettings; errors: null }
  | { settings: null; errors: Partial<Record<UploadField, string>> } {
  const errors: Partial<Record<UploadField, string>> = {};
  const withholding = form.kind === 'withholding';
  const month = /^(\d{4})-(\d{2})$/.exec(form.month);
  if (!withholding && !month) errors.month = FIELD_MSG.required('対象年月');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.paidOn) || !dayjs(form.paidOn).isValid())
    errors.paid_on = FIELD_MSG.required('支給日');
  let publishAt: string | null = null;
  if (form.publish === 'later') {
    const read = readPublishAt(form.publishDate, form.publishTime, now);
    if (read.error) errors.publish_at = read.error;
    else publishAt = read.value;
  }
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  return {
    settings: {
      kind: form.kind,
      year: withholding ? form.year : Number(month![1]),
      month: withholding ? null : Number(month![2]),
      paid_on: form.paidOn,
      publish_at: publishAt,
    },
    errors: null,
  };
}
