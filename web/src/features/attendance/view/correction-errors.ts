// The correction's 400 answer as messages a person can place: `first.days.12.end` (the contract's
// day-cell key: D is the day of the month) becomes '社内勤怠 12日 終了: …'. Parsed here rather than with
// the contract's parseDayFieldKey, whose module brings classic zod into the chunk.
import { ApiError } from '@/lib/api-error.ts';

const SET_LABEL = { first: '社内勤怠', second: '現場勤怠', merged: '合併勤怠' } as const;
const FIELD_LABEL = { type: '勤務区分', start: '開始', end: '終了' } as const;
const DAY_KEY = /^(first|second|merged)\.days\.(\d{1,2})\.(type|start|end)$/;

export interface CorrectionError {
  key: string;
  /** The day of the month it names, or null for a message about the whole report. */
  day: number | null;
  set: keyof typeof SET_LABEL | null;
  text: string;
}

export function correctionErrors(error: unknown): CorrectionError[] {
  if (!(error instanceof ApiError)) return [];
  const errors: CorrectionError[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const [message = ''] = messages;
    const match = DAY_KEY.exec(key);
    if (match) {
      const set = match[1] as keyof typeof SET_LABEL;
      const field = match[3] as keyof typeof FIELD_LABEL;
      errors.push({
        key,
        day: Number(match[2]),
        set,
        text: `${SET_LABEL[set]} ${match[2]}日 ${FIELD_LABEL[field]}：${message}`,
      });
    } else {
      errors.push({ key, day: null, set: null, text: message });
    }
  }
  return errors;
}
