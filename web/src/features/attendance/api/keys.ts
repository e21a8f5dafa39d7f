/** My months (entry form). Under ['attendance'], so invalidating that key refreshes them too. */
export const ATTENDANCE_MONTH_KEY = ['attendance', 'month'] as const;

export const monthKey = (year: number, month: number) => [...ATTENDANCE_MONTH_KEY, year, month] as const;
