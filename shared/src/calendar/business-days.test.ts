import { describe, expect, it } from 'vitest';
import {
  businessDays,
  dayKind,
  monthCalendar,
  nationalHolidayName,
  ZCompanyCalendarSettings,
} from './business-days.ts';

const DEFAULT = ZCompanyCalendarSettings.parse({});

describe('business days', () => {
  it('leaves out weekends and national holidays: May 2025 (Golden Week) has 20 working days', () => {
    const days = businessDays(2025, 5, DEFAULT);
    expect(days).toHaveLength(20);
    for (const holiday of ['2025-05-03', '2025-05-04', '2025-05-05', '2025-05-06'])
      expect(days).not.toContain(holiday);
    expect(days[0]).toBe('2025-05-01');
    expect(days.at(-1)).toBe('2025-05-30');
  });

  it('treats a 振替休日 as a holiday', () => {
    expect(nationalHolidayName('2025-05-06')).toBe('こどもの日 振替休日');
    expect(nationalHolidayName('2024-02-12')).toMatch(/振替休日/);
    expect(businessDays(2024, 2, DEFAULT)).not.toContain('2024-02-12');
  });

  it('leaves out the company days off', () => {
    const settings = ZCompanyCalendarSettings.parse({ days_off: ['2025-12-29', '2025-12-30', '2025-12-31'] });
    const days = businessDays(2025, 12, settings);
    expect(days).not.toContain('2025-12-29');
    expect(days).toContain('2025-12-26');
    expect(days).toHaveLength(businessDays(2025, 12, DEFAULT).length - 3);
  });
});

describe('calendar kinds', () => {
  it('marks Sunday legal and Saturday and holidays nonlegal by default', () => {
    expect(dayKind(2025, 4, 6, DEFAULT)).toBe('legal'); // Sunday
    expect(dayKind(2025, 4, 5, DEFAULT)).toBe('nonlegal'); // Saturday
    expect(dayKind(2025, 4, 29, DEFAULT)).toBe('nonlegal'); // 昭和の日, a Tuesday
    expect(dayKind(2025, 4, 7, DEFAULT)).toBe('work');
  });

  it('keeps a holiday on the legal weekday legal', () => {
    // 2025-02-23 天皇誕生日 falls on a Sunday.
    expect(nationalHolidayName('2025-02-23')).toBe('天皇誕生日');
    expect(dayKind(2025, 2, 23, DEFAULT)).toBe('legal');
  });

  it('moves the legal day off to the configured weekday and makes Sunday nonlegal', () => {
    const saturdayLegal = ZCompanyCalendarSettings.parse({ legal_holiday_weekday: 6 });
    expect(dayKind(2025, 4, 5, saturdayLegal)).toBe('legal');
    expect(dayKind(2025, 4, 6, saturdayLegal)).toBe('nonlegal');
  });

  it('covers every date of the month and the day after, rolling into the next year in December', () => {
    const calendar = monthCalendar(2025, 12, DEFAULT);
    expect(Object.keys(calendar)).toHaveLength(32);
    expect(calendar['2026-01-01']).toBe('nonlegal'); // 元日
    expect(Object.values(calendar).filter((k) => k === 'work')).toHaveLength(
      businessDays(2025, 12, DEFAULT).length,
    );
  });

  it('refuses settings with an impossible weekday or date', () => {
    expect(ZCompanyCalendarSettings.safeParse({ legal_holiday_weekday: 7 }).success).toBe(false);
    expect(ZCompanyCalendarSettings.safeParse({ days_off: ['2025-02-30'] }).success).toBe(false);
  });
});
