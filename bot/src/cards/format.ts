// Dates, times and figures as the cards show them (Asia/Tokyo, as everywhere in the portal).
const DATE_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** '2026/11/22 09:05' for an ISO instant. */
export function dateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** '2026-12-01' → '2026/12/01'. */
export function date(isoDate: string): string {
  return isoDate.replaceAll('-', '/');
}

/** Minutes as H:MM (the attendance screens' form). */
export function minutes(total: number): string {
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(Math.round(total));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** Days with at most one decimal: 3, 2.5. */
export function days(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} 日`;
}
