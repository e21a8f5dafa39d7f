// An absence across a grant date (基準日) counts against each grant by its own dates: the days before the
// 基準日 draw on the grants valid then, the days on and after it on those valid from it (the new grant
// once the older ones are spent or lapsed, oldest first: balance.ts). A leave is cut at every grant
// date inside it; each piece keeps its own half day.
import { countLeaveDays, type TLeavePeriod } from '../workflow/vacation.ts';
import type { TLeaveUse } from './balance.ts';
import { addDays } from './schedule.ts';

export interface TLeavePiece extends TLeavePeriod {
  readonly days: number;
}

/**
 * The pieces of `period` between the grant dates inside it, each with its leave days. When the stored
 * `days` differ from the count on today's calendar (the calendar changed since), the leave stays whole.
 */
export function splitAtGrantDates(
  period: TLeavePeriod,
  days: number,
  grantDates: readonly string[],
  isDayOff: (date: string) => boolean,
): TLeavePiece[] {
  const cuts = [...new Set(grantDates)].filter((g) => g > period.start_date && g <= period.end_date).sort();
  if (cuts.length === 0) return [{ ...period, days }];
  const pieces: TLeavePiece[] = [];
  let start = period.start_date;
  for (const [i, cut] of [...cuts, null].entries()) {
    const piece: TLeavePeriod = {
      start_date: start,
      end_date: cut === null ? period.end_date : addDays(cut, -1),
      is_start_half: i === 0 && period.is_start_half,
      is_end_half: cut === null && period.is_end_half,
    };
    pieces.push({ ...piece, days: countLeaveDays(piece, isDayOff) });
    if (cut !== null) start = cut;
  }
  const total = pieces.reduce((sum, p) => sum + p.days, 0);
  if (total !== days) return [{ ...period, days }];
  return pieces.filter((p) => p.days > 0);
}

/** The uses of the balance (dated by each piece's first day). */
export function usesOf(pieces: readonly TLeavePiece[]): TLeaveUse[] {
  return pieces.map((p) => ({ date: p.start_date, days: p.days }));
}
