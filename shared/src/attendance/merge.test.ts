import { describe, expect, it } from 'vitest';
import { applyDefaultInput, applyLeavePeriods, lockHolidays } from './form-rules.ts';
import { createAttendanceForm, type TAttendanceForm, type TAttendanceFormDay } from './form-state.ts';
import { computeAttendanceTabs, mergedInput, tabInput, type TAttendanceTabs } from './merge.ts';
import { APRIL_SETTINGS, aprilCalendar } from './test-month.ts';

const ON_SITE_SETTINGS = { ...APRIL_SETTINGS, work_start_time: '09:30', work_end_time: '18:30' };

function tabsOf(form: TAttendanceForm): TAttendanceTabs {
  return {
    year: form.year,
    month: form.month,
    calendar: aprilCalendar(),
    first: { settings: APRIL_SETTINGS, days: form.first },
    second: { settings: ON_SITE_SETTINGS, days: form.second },
  };
}

function withDays(
  first: Record<number, Partial<TAttendanceFormDay>>,
  second: Record<number, Partial<TAttendanceFormDay>> = {},
): TAttendanceTabs {
  const form = createAttendanceForm(2025, 4);
  const fill = (days: TAttendanceFormDay[], changes: Record<number, Partial<TAttendanceFormDay>>) =>
    days.map((d, i) => ({ ...d, ...changes[i + 1] }));
  return tabsOf({ ...form, first: fill(form.first, first), second: fill(form.second, second) });
}

describe('the input of one tab', () => {
  it('sends every day with a type, with its times as typed, and none without', () => {
    const tabs = withDays({
      7: { type: '01', start: '9:00', end: '18:00' },
      8: { type: '02' },
      9: { start: '09:00' },
    });
    expect(tabInput(tabs, 'first')).toStrictEqual({
      year: 2025,
      month: 4,
      settings: APRIL_SETTINGS,
      calendar: tabs.calendar,
      days: [
        { date: '2025-04-07', type: '01', segments: [{ start: '9:00', end: '18:00' }] },
        { date: '2025-04-08', type: '02', segments: [] },
      ],
      same_day: true,
    });
  });

  it('sends a half-typed day so that the calculation names the missing time', () => {
    const tabs = withDays({ 7: { type: '01', start: '09:00' } });
    expect(tabInput(tabs, 'first').days[0]?.segments).toStrictEqual([{ start: '09:00', end: '' }]);
  });

  it('reads leave covering the contract hours, or not a work period, as a whole day without times', () => {
    const tabs = withDays({
      7: { type: '03', start: '09:00', end: '18:00' },
      8: { type: '04', start: '18:00', end: '09:00' },
      9: { type: '03', start: '13:00', end: '18:00' },
    });
    expect(tabInput(tabs, 'first').days.map((d) => d.segments)).toStrictEqual([
      [],
      [],
      [{ start: '13:00', end: '18:00' }],
    ]);
  });

  it('uses the tab’s own contract hours to tell a whole day of leave', () => {
    const tabs = withDays({}, { 7: { type: '04', start: '09:30', end: '18:30' } });
    expect(tabInput(tabs, 'second').days[0]?.segments).toStrictEqual([]);
  });
});

describe('the merged view', () => {
  it('joins both tabs’ segments of a day, with the in-house settings', () => {
    const tabs = withDays(
      { 7: { type: '01', start: '09:00', end: '12:00' } },
      { 7: { type: '01', start: '13:00', end: '20:30' } },
    );
    const input = mergedInput(tabs);
    expect(input.settings).toBe(APRIL_SETTINGS);
    expect(input.days).toStrictEqual([
      {
        date: '2025-04-07',
        type: '01',
        segments: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '20:30' },
        ],
      },
    ]);
  });

  it('takes leave over work, holiday work over work, work over a day off, and the in-house type between equals', () => {
    const tabs = withDays(
      { 7: { type: '01' }, 8: { type: '02' }, 9: { type: '08' }, 12: { type: '01' }, 14: { type: '07' } },
      { 7: { type: '04' }, 8: { type: '06' }, 9: { type: '09' }, 12: { type: '05' }, 15: { type: '02' } },
    );
    expect(mergedInput(tabs).days.map((d) => [d.date.slice(8), d.type])).toStrictEqual([
      ['07', '04'],
      ['08', '06'],
      ['09', '08'],
      ['12', '05'],
      ['14', '07'],
      ['15', '02'],
    ]);
  });

  it('keeps an unknown type so the merged day shows the error too', () => {
    const tabs = withDays({ 7: { type: '01', start: '09:00', end: '18:00' } }, { 7: { type: 'x' } });
    expect(mergedInput(tabs).days[0]?.type).toBe('x');
  });

  it('leaves out the times of a day-off type, which are that tab’s error', () => {
    const tabs = withDays(
      { 7: { type: '02', start: '09:00', end: '18:00' } },
      { 7: { type: '01', start: '13:00', end: '18:00' } },
    );
    expect(mergedInput(tabs).days[0]).toStrictEqual({
      date: '2025-04-07',
      type: '01',
      segments: [{ start: '13:00', end: '18:00' }],
    });
  });
});

describe('the three views of a month filled by the form rules', () => {
  const calendar = aprilCalendar();
  let form = createAttendanceForm(2025, 4);
  form = lockHolidays(form, calendar);
  form = applyDefaultInput(form, 'first', calendar, { start: '09:00', end: '18:00' });
  form = applyLeavePeriods(
    form,
    [
      {
        category: '01',
        start_date: '2025-04-09',
        end_date: '2025-04-11',
        is_start_half: true,
        is_end_half: true,
      },
    ],
    calendar,
    { first: { start: '09:00', end: '18:00' }, second: { start: '09:30', end: '18:30' } },
  );
  const result = computeAttendanceTabs(tabsOf(form));
  const merged = (date: string) => result.merged.days.find((d) => d.date === date);

  it('computes every day without an error', () => {
    for (const view of [result.first, result.second, result.merged]) {
      expect(view.days.filter((d) => d.error !== null)).toStrictEqual([]);
    }
  });

  it('counts the half days of leave as half days with the worked half and no shortfall', () => {
    // In-house 09:00–14:00 with on-site 09:30–14:30, then 13:00–18:00 with 13:30–18:30.
    expect(merged('2025-04-09')).toMatchObject({
      leave_days: 0.5,
      leave_time: 240,
      basic_time: 270,
      shortfall: 0,
    });
    expect(merged('2025-04-11')).toMatchObject({ leave_days: 0.5, basic_time: 300, over: 30, shortfall: 0 });
    expect(merged('2025-04-10')).toMatchObject({ leave_days: 1, leave_time: 480, basic_time: 0 });
  });

  it('sums the month’s paid leave: two half days and a whole one', () => {
    expect(result.first.totals).toMatchObject({
      paid_vacation_days: 2,
      paid_vacation_time: 960,
      attendance_days: 20,
    });
    expect(result.merged.totals.paid_vacation_days).toBe(2);
    expect(result.second.totals).toMatchObject({ absence_days: 1, attendance_days: 2 });
  });
});
