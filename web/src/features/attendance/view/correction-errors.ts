// The correction's 400 answer as a list a person can read: `first.days.12.end` (the contract's
// day-cell key: D is the day of the month) becomes '社内勤怠 12日 終了：…'. The grid also shows each
// under its cell, but the cell may be on the other tab. Parsed here rather than with the contract's
// parseDayFieldKey, whose module brings classic zod into the chunk.
import { ApiError } from '@/lib/api-error.ts';

const SET_LABEL = { first: '社内勤怠', second: '現場勤怠', merged: '合併勤怠' } as const;
const FIELD_LABEL = { type: '区分', start: '開始', end: '終了' } as const;
const DAY_KEY = /^(first|second|merged)\.days\.(\d{1,2})\.(type|start|end)$/;

export interface CorrectionError {
  key: string;
  text: string;
}

export function correctionErrors(error: unknown): CorrectionError[] {
  if (!(error instanceof ApiError)) return [];
  const errors: CorrectionError[] = error.detail ? [{ key: 'detail', text: error.detail }] : [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const [message = ''] = messages;
    const match = DAY_KEY.exec(key);
    const text = match
      ? `${SET_LABEL[match[1] as keyof typeof SET_LABEL]} ${match[2]}日 ${FIELD_LABEL[match[3] as keyof typeof FIELD_LABEL]}：${message}`
      : message;
    errors.push({ key, text });
  }
  return errors;
}
