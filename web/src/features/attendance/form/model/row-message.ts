// The one message a day's row shows (issue 12 item 15): an impossible time is named as soon as its
// cell is left, a day's calculation problem once the row is left, and a refusal of the server where
// neither says anything — never two of them at once, and always at the row, in Japanese.
import { ATTENDANCE_DAY_ERROR_MESSAGES, type TAttendanceDayError } from '@portal/shared/attendance/errors';
import { dayTimesError, timeCellError } from '@portal/shared/attendance/form-rules';
import type { TAttendanceFormDay, TFormSet } from '@portal/shared/attendance/form-state';
import type { TAttendanceDayField } from '@portal/shared/contracts/attendance';
import type { EntryState } from './entry-store.ts';
import { dayErrorKey } from './month-data.ts';

export interface RowMessage {
  readonly text: string;
  /** The cell the message is about: it is marked invalid and described by the message. */
  readonly field: TAttendanceDayField;
}

export interface RowVisibility {
  /** A time cell of the row has been left with a problem of its own (format, range, end before start). */
  readonly times: boolean;
  /** The row has been left: the calculation's verdict on the whole day may show. */
  readonly day: boolean;
}

/** Which cell a calculation error belongs under (as the API's month check files it). */
function fieldOf(error: TAttendanceDayError, day: TAttendanceFormDay): TAttendanceDayField {
  switch (error) {
    case 'E_TYPE':
    case 'E_HOLWORK_ON_WORKDAY':
      return 'type';
    case 'E_TIMES_NOT_ALLOWED':
      return 'start';
    case 'E_TIMES_REQUIRED':
      return day.start === '' ? 'start' : 'end';
    case 'E_FORMAT':
    case 'E_RANGE':
      return timeCellError(day.start, 'start') ? 'start' : 'end';
    case 'E_ZERO_LENGTH':
    case 'E_END_BEFORE_START':
    case 'E_CROSS_LIMIT':
      return 'end';
  }
}

const FIELDS: readonly TAttendanceDayField[] = ['type', 'start', 'end'];

/** The row's message now, or null. */
export function rowMessage(
  state: EntryState,
  set: TFormSet,
  index: number,
  visible: RowVisibility,
): RowMessage | null {
  const day = state.days[set][index];
  if (!day) return null;
  if (!day.locked) {
    const own = dayTimesError(day.start, day.end);
    if (own && (visible.times || visible.day))
      return { text: ATTENDANCE_DAY_ERROR_MESSAGES[own], field: fieldOf(own, day) };
    const computed = state.figures[set][index]?.error ?? null;
    if (computed && visible.day)
      return { text: ATTENDANCE_DAY_ERROR_MESSAGES[computed], field: fieldOf(computed, day) };
  }
  const dayOfMonth = index + 1;
  for (const field of FIELDS) {
    const text = state.serverErrors[dayErrorKey(set, dayOfMonth, field)]?.[0];
    if (text) return { text, field };
  }
  // A problem only the merged view shows (the two tabs' types together) sits on the first tab's row.
  const merged = set === 'first' ? state.serverErrors[dayErrorKey('merged', dayOfMonth, 'type')]?.[0] : null;
  return merged ? { text: merged, field: 'type' } : null;
}

/** Whether the row's own times have a problem now (the cell keeps naming it until it is mended). */
export function hasTimesError(state: EntryState, set: TFormSet, index: number): boolean {
  const day = state.days[set][index];
  return day ? dayTimesError(day.start, day.end) !== null : false;
}
