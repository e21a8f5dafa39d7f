// The browser's copy of a month's unsaved input (spec: nothing typed is ever lost). The server keeps
// the draft, but refuses a save with a half-typed or wrong time (400, nothing saved), and a phone may
// lose its connection or close the webview before the next save: until the server has what is on
// screen, the input also sits in localStorage, one entry an employee and month.
import { daysInMonth } from '@portal/shared/attendance/dates';
import type { TAttendanceFormDay } from '@portal/shared/attendance/form-state';
import type { EntrySnapshot } from './entry-store.ts';
import { SETTINGS_TIME_FIELDS } from './settings-form.ts';

const PREFIX = 'portal-attendance-draft';

export interface LocalDraft {
  /** When it was written (ms since the epoch). */
  readonly updatedAt: number;
  readonly snapshot: EntrySnapshot;
}

export function localDraftKey(employeeId: number, year: number, month: number): string {
  return `${PREFIX}:${employeeId}:${year}-${month}`;
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isDay(value: unknown): value is TAttendanceFormDay {
  if (typeof value !== 'object' || value === null) return false;
  const day = value as Record<string, unknown>;
  return isText(day.type) && isText(day.start) && isText(day.end) && typeof day.locked === 'boolean';
}

function isSettings(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const settings = value as Record<string, unknown>;
  return (
    SETTINGS_TIME_FIELDS.every((field) => isText(settings[field])) &&
    Array.isArray(settings.breaks) &&
    settings.breaks.every((b: unknown) => typeof b === 'object' && b !== null && 'start' in b && 'end' in b)
  );
}

/** A stored copy that still fits the month; anything else (an older shape, a hand edit) is dropped. */
function fits(value: unknown, year: number, month: number): value is LocalDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as { updatedAt?: unknown; snapshot?: Partial<Record<keyof EntrySnapshot, unknown>> };
  const s = draft.snapshot;
  if (typeof draft.updatedAt !== 'number' || !s || s.year !== year || s.month !== month) return false;
  const count = daysInMonth(year, month);
  const days = s.days as Record<string, unknown> | undefined;
  const settings = s.settings as Record<string, unknown> | undefined;
  return (
    isText(s.remark) &&
    typeof s.defaultInput === 'boolean' &&
    !!days &&
    !!settings &&
    (['first', 'second'] as const).every(
      (set) =>
        Array.isArray(days[set]) &&
        days[set].length === count &&
        days[set].every(isDay) &&
        isSettings(settings[set]),
    )
  );
}

export function readLocalDraft(key: string, year: number, month: number): LocalDraft | null {
  try {
    const text = localStorage.getItem(key);
    const value: unknown = text ? JSON.parse(text) : null;
    return fits(value, year, month) ? value : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, snapshot: EntrySnapshot): void {
  try {
    localStorage.setItem(key, JSON.stringify({ updatedAt: Date.now(), snapshot } satisfies LocalDraft));
  } catch {
    // Storage full or disabled (private mode): the server draft is then the only copy.
  }
}

export function removeLocalDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to do: see writeLocalDraft.
  }
}
