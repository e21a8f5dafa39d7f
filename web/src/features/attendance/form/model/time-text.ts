// What a typed time becomes on blur before the 15-minute rounding. Phones in the Lark webview often
// offer a number pad without a colon, and Japanese keyboards type full-width digits, so '930',
// '1830', '18' and '１８：３０' are read as the times they mean. Anything else stays as typed, and the
// calculation names what is wrong with it.
import { roundEndOnBlur, roundStartOnBlur } from '@portal/shared/attendance/form-rules';

const DIGITS = /^\d{1,4}$/;

export function normaliseTimeText(text: string): string {
  const plain = text.normalize('NFKC').trim().replace('.', ':');
  if (!DIGITS.test(plain)) return plain;
  if (plain.length <= 2) return `${plain}:00`;
  return `${plain.slice(0, -2)}:${plain.slice(-2)}`;
}

/** Spec §4.4: on blur start times round up and end times down to 15 minutes. */
export function timeOnBlur(text: string, end: 'start' | 'end'): string {
  const normal = normaliseTimeText(text);
  return end === 'start' ? roundStartOnBlur(normal) : roundEndOnBlur(normal);
}
