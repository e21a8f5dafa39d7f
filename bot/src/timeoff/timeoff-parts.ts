// Which Lark time-off events an approved vacation makes (docs/bot.md "Lark-native"): the whole days
// as one all-day event (dates, end date inclusive), and each half day as a timed event in seconds
// from the contract's hours — afternoon (午後から, the first day) from end − 4 h to end, morning
// (午前まで, the last day) from start to start + 4 h. Lark refuses an event mixing the two formats.

export interface TimeoffPeriod {
  readonly start_date: string;
  readonly end_date: string;
  readonly is_start_half: boolean;
  readonly is_end_half: boolean;
  readonly work_start: string;
  readonly work_end: string;
}

export interface TimeoffPart {
  /** Stable name of the part: `days`, `pm:YYYY-MM-DD` or `am:YYYY-MM-DD`. */
  readonly part: string;
  readonly start_time: string;
  readonly end_time: string;
}

const HALF_DAY_SECONDS = 4 * 3600;
const seconds = (date: string, time: string) => Date.parse(`${date}T${time}:00+09:00`) / 1000;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function timeoffParts(period: TimeoffPeriod): TimeoffPart[] {
  const { start_date: start, end_date: end } = period;
  const afternoon = (date: string): TimeoffPart => {
    const to = seconds(date, period.work_end);
    return { part: `pm:${date}`, start_time: String(to - HALF_DAY_SECONDS), end_time: String(to) };
  };
  const morning = (date: string): TimeoffPart => {
    const from = seconds(date, period.work_start);
    return { part: `am:${date}`, start_time: String(from), end_time: String(from + HALF_DAY_SECONDS) };
  };
  if (start === end) {
    if (period.is_start_half) return [afternoon(start)];
    if (period.is_end_half) return [morning(start)];
    return [{ part: 'days', start_time: start, end_time: end }];
  }
  const parts: TimeoffPart[] = [];
  if (period.is_start_half) parts.push(afternoon(start));
  const first = period.is_start_half ? addDays(start, 1) : start;
  const last = period.is_end_half ? addDays(end, -1) : end;
  if (first <= last) parts.push({ part: 'days', start_time: first, end_time: last });
  if (period.is_end_half) parts.push(morning(end));
  return parts;
}
