// The day colours of spec §2.5: a weekend with no type is grey; an absence, paid leave or
// compensatory day off (02, 03, 04) is yellow when it has worked hours (a half day: its end after its
// start), grey when it is a whole day off. Other days keep the table's own background.
import { countsAsWorkPeriod } from '@portal/shared/attendance/form-rules';

export type DayTone = 'grey' | 'yellow' | null;

const LEAVE_LIKE = new Set(['02', '03', '04']);

export function dayTone(day: { weekend: boolean; type: string; start: string; end: string }): DayTone {
  if (LEAVE_LIKE.has(day.type)) return countsAsWorkPeriod(day.start, day.end) ? 'yellow' : 'grey';
  if (day.weekend && day.type === '') return 'grey';
  return null;
}
