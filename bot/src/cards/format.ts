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
