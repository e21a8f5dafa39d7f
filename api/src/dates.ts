// The company works in Japan time: "today" and submission days are Asia/Tokyo dates.
const TOKYO_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' });

/** 'YYYY-MM-DD' in Asia/Tokyo. */
export function tokyoDate(at: Date = new Date()): string {
  return TOKYO_DATE.format(at);
}
