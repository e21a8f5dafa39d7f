// "HH:MM" times as minutes since midnight, and the 15-minute rounding of spec §4.4 / §9.
// Parsing works on char codes, not a RegExp, because the calculation parses every segment of every
// day on each keystroke of the form.
import { TIME_STEP_MINUTES } from '../limits.ts';

export const MINUTES_PER_DAY = 1440;

/** Parse failures, as negative numbers so a parse result fits in one number and never allocates. */
export const TIME_FORMAT_ERROR = -1;
export const TIME_RANGE_ERROR = -2;

const DIGIT_0 = 48;
const COLON = 58;

function digit(text: string, at: number): number {
  const d = text.charCodeAt(at) - DIGIT_0;
  return d >= 0 && d <= 9 ? d : -1;
}

/**
 * Minutes since midnight of `H:MM` or `HH:MM`; TIME_FORMAT_ERROR when the text is not of that form
 * (rules: E_FORMAT), TIME_RANGE_ERROR when the hour is past 23 or the minute past 59 (E_RANGE).
 */
export function parseTime(text: unknown): number {
  if (typeof text !== 'string') return TIME_FORMAT_ERROR;
  const length = text.length;
  if (length !== 4 && length !== 5) return TIME_FORMAT_ERROR;
  const colon = length - 3;
  if (text.charCodeAt(colon) !== COLON) return TIME_FORMAT_ERROR;
  const h1 = digit(text, 0);
  const h2 = colon === 2 ? digit(text, 1) : 0;
  const m1 = digit(text, colon + 1);
  const m2 = digit(text, colon + 2);
  if (h1 < 0 || h2 < 0 || m1 < 0 || m2 < 0) return TIME_FORMAT_ERROR;
  const hour = colon === 2 ? h1 * 10 + h2 : h1;
  const minute = m1 * 10 + m2;
  if (hour > 23 || minute > 59) return TIME_RANGE_ERROR;
  return hour * 60 + minute;
}

/** True for a text parseTime accepts. */
export function isTime(text: unknown): text is string {
  return parseTime(text) >= 0;
}

// Every "HH:MM" of a day, built once: formatting the day figures then costs no string building.
const TIME_TEXTS: readonly string[] = Array.from({ length: MINUTES_PER_DAY }, (_, m) => {
  const hour = Math.floor(m / 60);
  const minute = m % 60;
  return `${hour < 10 ? '0' : ''}${hour}:${minute < 10 ? '0' : ''}${minute}`;
});

/** "HH:MM" of a minute of the day; minutes of the next day (1440 and on) wrap to their clock time. */
export function formatTime(minutes: number): string {
  const m = ((Math.trunc(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return TIME_TEXTS[m] ?? '00:00';
}

/** Start times round up to the 15-minute step: arriving at 09:01 counts from 09:15. */
export function roundUp(minutes: number): number {
  return Math.ceil(minutes / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
}

/** End times round down to the 15-minute step: leaving at 18:29 counts until 18:15. */
export function roundDown(minutes: number): number {
  return Math.floor(minutes / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
}

/** The latest start a day can have once rounded up: 23:45 (a later start would begin the next day). */
export const LATEST_ROUNDED_START = MINUTES_PER_DAY - TIME_STEP_MINUTES;
