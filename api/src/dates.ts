// The company works in Japan time: "today" and submission days are Asia/Tokyo dates.
const TOKYO_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' });

/** The last date formatted and the span of instants it covers: every cached list asks for today. */
let known = { from: 0, to: -1, date: '' };
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' in Asia/Tokyo. */
export function tokyoDate(at: Date = new Date()): string {
  const t = at.getTime();
  if (t >= known.from && t < known.to) return known.date;
  const date = TOKYO_DATE.format(at);
  // The day's span is taken from the formatter's answer, not from a fixed offset, so that a zone
  // rule change in the ICU data would still be honoured; a date that is not one day long is not kept.
  const from = Date.parse(`${date}T00:00:00+09:00`);
  if (TOKYO_DATE.format(new Date(from)) === date && TOKYO_DATE.format(new Date(from + DAY_MS - 1)) === date)
    known = { from, to: from + DAY_MS, date };
  return date;
}
