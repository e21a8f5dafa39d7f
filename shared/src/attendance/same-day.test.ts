// Issue 12 item 15: an entered day is one date (spec §4.4 "a day counts as a work period only if its
// end is after its start"), a time cell's own problem is known without a type, and the break rule the
// API checks is the form's too (decisions.md "Attendance").
import { describe, expect, it } from 'vitest';
import { computeAttendance } from './compute.ts';
import { dayTimesError, misorderedBreaks, timeCellError } from './form-rules.ts';
import { createAttendanceForm } from './form-state.ts';
import { computeAttendanceTabs, type TAttendanceTabs } from './merge.ts';
import { APRIL_SETTINGS, aprilCalendar, aprilInput, day } from './test-month.ts';

function tabs(days: Record<number, { type: string; start: string; end: string }>): TAttendanceTabs {
  const form = createAttendanceForm(2025, 4);
  return {
    year: 2025,
    month: 4,
    calendar: aprilCalendar(),
    first: {
      settings: APRIL_SETTINGS,
      days: form.first.map((d, i) => ({ ...d, ...days[i + 1] })),
    },
    second: { settings: APRIL_SETTINGS, days: form.second },
  };
}

describe('an end before the start on the entry form', () => {
  it('is refused on its day and counts for nothing, in the tab and in the merged view', () => {
    const result = computeAttendanceTabs(
      tabs({
        7: { type: '01', start: '22:00', end: '02:00' },
        8: { type: '01', start: '09:00', end: '18:00' },
      }),
    );
    const [night, normal] = result.first.days;
    expect(night).toMatchObject({ date: '2025-04-07', error: 'E_END_BEFORE_START', total_time: 0 });
    expect(normal).toMatchObject({ date: '2025-04-08', error: null, total_time: 480 });
    expect(result.first.totals.total_work_time).toBe(480);
    expect(result.first.totals.night_over_time).toBe(0);
    expect(result.merged.days[0]).toMatchObject({ error: 'E_END_BEFORE_START' });
    expect(result.merged.totals.attendance_days).toBe(1);
  });

  it('is refused for leave with times too, while the rules alone still read it as the next day', () => {
    const result = computeAttendanceTabs(tabs({ 9: { type: '01', start: '18:00', end: '17:45' } }));
    expect(result.first.days[0]?.error).toBe('E_END_BEFORE_START');
    // The calculation's own contract (attendance-rules.md step 4) is unchanged without `same_day`.
    const overnight = computeAttendance(aprilInput([day('2025-04-07', '01', ['22:00', '02:00'])]));
    expect(overnight.days[0]).toMatchObject({ error: null, total_time: 240 });
    const sameDay = computeAttendance({
      ...aprilInput([day('2025-04-07', '01', ['22:00', '02:00'])]),
      same_day: true,
    });
    expect(sameDay.days[0]?.error).toBe('E_END_BEFORE_START');
  });

  it('keeps a start equal to the end a zero-length day, not an end before the start', () => {
    const result = computeAttendanceTabs(tabs({ 7: { type: '01', start: '09:00', end: '09:00' } }));
    expect(result.first.days[0]?.error).toBe('E_ZERO_LENGTH');
  });
});

describe('a time cell and a day’s times on their own', () => {
  it.each([
    ['', 'start', null],
    ['09:00', 'start', null],
    ['25:99', 'start', 'E_RANGE'],
    ['12:60', 'end', 'E_RANGE'],
    ['23:50', 'start', 'E_RANGE'],
    ['23:50', 'end', null],
    ['9時', 'end', 'E_FORMAT'],
    ['0900', 'start', 'E_FORMAT'],
  ] as const)('%s as %s → %s', (text, end, expected) => {
    expect(timeCellError(text, end)).toBe(expected);
  });

  it('names the first problem of a day from its times, whatever its type', () => {
    expect(dayTimesError('25:99', '18:00')).toBe('E_RANGE');
    expect(dayTimesError('09:00', '25:99')).toBe('E_RANGE');
    expect(dayTimesError('22:00', '02:00')).toBe('E_END_BEFORE_START');
    expect(dayTimesError('09:00', '09:00')).toBe('E_ZERO_LENGTH');
    expect(dayTimesError('09:00', '')).toBeNull();
    expect(dayTimesError('09:00', '18:00')).toBeNull();
  });
});

describe('the break rule', () => {
  const work = { work_start_time: '09:00', work_end_time: '18:00' };

  it('refuses a break inside the day that ends before it starts, and keeps one across midnight', () => {
    expect(
      misorderedBreaks(work, [
        { start: '15:00', end: '15:15' },
        { start: '15:15', end: '15:00' },
        { start: '23:30', end: '00:30' },
        { start: '10:00', end: '10:00' },
        { start: '', end: '' },
      ]),
    ).toEqual([1, 3]);
  });
});
