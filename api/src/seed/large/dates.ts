// Calendar arithmetic on 'YYYY-MM-DD' strings (dates of the company, Asia/Tokyo, without a time).
const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `back`-th month before the one `today` falls in (1 = last month). */
export function monthBefore(today: string, back: number): { year: number; month: number } {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
