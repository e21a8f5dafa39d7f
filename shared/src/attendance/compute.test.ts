import { describe, expect, it } from 'vitest';
import { computeAttendance } from './compute.ts';
import { AttendanceInputError } from './errors.ts';
import { aprilCalendar, aprilInput, day } from './test-month.ts';

function only(input: Parameters<typeof computeAttendance>[0]) {
  const result = computeAttendance(input);
  const first = result.days[0];
  if (!first) throw new Error('no day in the result');
  return { day: first, totals: result.totals };
}

function errorOf(...days: Parameters<typeof aprilInput>[0]) {
  return only(aprilInput(days)).day.error;
}

describe('computeAttendance: validation of a day', () => {
  it('refuses a type that is no code of §3.11, an empty one included', () => {
    expect(errorOf(day('2025-04-07', '99', ['09:00', '18:00']))).toBe('E_TYPE');
    expect(errorOf(day('2025-04-07', ''))).toBe('E_TYPE');
  });

  it('refuses times on a non-work type and asks for them on a work or holiday-work type', () => {
    for (const type of ['02', '07', '10', '11']) {
      expect(errorOf(day('2025-04-07', type, ['09:00', '18:00']))).toBe('E_TIMES_NOT_ALLOWED');
    }
    expect(errorOf(day('2025-04-07', '01'))).toBe('E_TIMES_REQUIRED');
    expect(errorOf(day('2025-04-06', '12'))).toBe('E_TIMES_REQUIRED');
  });

  it('refuses holiday work on a work date, after checking that it has times', () => {
    expect(errorOf(day('2025-04-07', '05', ['09:00', '18:00']))).toBe('E_HOLWORK_ON_WORKDAY');
    expect(errorOf(day('2025-04-07', '14'))).toBe('E_TIMES_REQUIRED');
  });

  it('accepts H:MM and HH:MM and refuses any other text as a format error', () => {
    expect(errorOf(day('2025-04-07', '01', ['9:00', '18:00']))).toBeNull();
    for (const bad of ['9:5', '0900', '09:00 ', 'ab:cd', '', '-1:00', '09.00', '009:00']) {
      expect(errorOf(day('2025-04-07', '01', [bad, '18:00'])), bad).toBe('E_FORMAT');
    }
  });

  it('refuses an hour past 23 or a minute past 59 as out of range', () => {
    expect(errorOf(day('2025-04-07', '01', ['24:00', '18:00']))).toBe('E_RANGE');
    expect(errorOf(day('2025-04-07', '01', ['09:00', '18:60']))).toBe('E_RANGE');
  });

  it('refuses a start that rounds up past 23:45', () => {
    expect(errorOf(day('2025-04-07', '01', ['23:50', '01:00']))).toBe('E_RANGE');
    expect(errorOf(day('2025-04-07', '01', ['23:45', '01:00']))).toBeNull();
  });

  it('refuses a shift that runs past the next day’s start of work, measured after rounding', () => {
    expect(errorOf(day('2025-04-07', '01', ['18:00', '09:30']))).toBe('E_CROSS_LIMIT');
    expect(errorOf(day('2025-04-07', '01', ['18:00', '09:10']))).toBeNull();
  });

  it('checks every segment at one step before any segment at the next', () => {
    // The first segment fails only after rounding (step 7), the second as typed (step 3).
    const error = errorOf(day('2025-04-07', '01', ['09:05', '09:14'], ['24:00', '25:00']));
    expect(error).toBe('E_RANGE');
  });

  it('gives a rejected day zeros and no times, and leaves it out of the totals', () => {
    const { day: rejected, totals } = only(aprilInput([day('2025-04-07', '03', ['09:00', '9:5'])]));
    expect(rejected).toStrictEqual({
      date: '2025-04-07',
      error: 'E_FORMAT',
      basic_start: null,
      basic_end: null,
      basic_time: 0,
      early: 0,
      over: 0,
      night_over: 0,
      total_time: 0,
      step_out_time: 0,
      shortfall: 0,
      leave_days: 0,
      leave_time: 0,
      legal_over: 0,
      excess_over: 0,
    });
    expect(totals.paid_vacation_days).toBe(0);
    expect(totals.attendance_days).toBe(0);
  });
});

describe('computeAttendance: figures of a day', () => {
  it('joins overlapping and touching segments into one stretch of work', () => {
    const overlapping = only(
      aprilInput([day('2025-04-07', '01', ['09:00', '12:00'], ['11:00', '18:00'])]),
    ).day;
    const touching = only(aprilInput([day('2025-04-07', '01', ['12:00', '18:00'], ['09:00', '12:00'])])).day;
    for (const d of [overlapping, touching]) {
      expect(d).toMatchObject({ basic_time: 480, total_time: 480, step_out_time: 0, shortfall: 0 });
    }
  });

  it('counts the next morning before the start of work as early time of the day the shift began', () => {
    const { day: d } = only(aprilInput([day('2025-04-07', '01', ['18:00', '09:10'])]));
    expect(d).toMatchObject({ basic_start: null, over: 240, night_over: 420, early: 240, total_time: 900 });
    expect(d.legal_over).toBe(420);
  });

  it('takes a break that wraps midnight off both sides of midnight', () => {
    const input = aprilInput([day('2025-04-07', '01', ['09:00', '02:00'])], {
      breaks: [{ start: '23:30', end: '00:30' }],
    });
    expect(only(input).day).toMatchObject({ basic_time: 480, over: 240, night_over: 180, total_time: 900 });
  });

  it('works without a lunch break, however its absence is written', () => {
    for (const lunch of [null, '', undefined]) {
      const input = aprilInput([day('2025-04-07', '01', ['09:00', '18:00'])], {
        lunch_start_time: lunch,
        lunch_end_time: lunch,
      });
      expect(only(input).day).toMatchObject({ basic_time: 540, shortfall: 0, legal_over: 60 });
    }
  });

  it('lets the basic window win where the early window overlaps it', () => {
    const input = aprilInput([day('2025-04-07', '01', ['07:00', '18:00'])], { early_end: '10:00' });
    expect(only(input).day).toMatchObject({ early: 120, basic_time: 480, total_time: 600 });
  });

  it('rounds half a minute of half-day leave up, never to the worker’s loss', () => {
    const input = aprilInput([day('2025-04-07', '03', ['13:00', '17:45'])], { work_end_time: '17:45' });
    expect(only(input).day).toMatchObject({
      leave_days: 0.5,
      leave_time: 233,
      basic_time: 285,
      shortfall: 0,
    });
  });

  it('counts holiday work on a 法定休日 as holiday work only, its overtime included', () => {
    const { day: d, totals } = only(aprilInput([day('2025-04-06', '05', ['09:00', '20:00'])]));
    expect(d).toMatchObject({ basic_time: 480, over: 120, legal_over: 0 });
    expect(totals).toMatchObject({ legal_holiday: 1, legal_holiday_time: 480, legal_holiday_over: 120 });
  });
});

describe('computeAttendance: work past midnight into a 法定休日', () => {
  it('moves the after-midnight minutes of 所定休日 work to the legal-holiday totals', () => {
    const { day: d, totals } = only(aprilInput([day('2025-04-05', '05', ['18:00', '07:00'])]));
    expect(d).toMatchObject({ over: 240, night_over: 420, early: 120, total_time: 780, legal_over: 360 });
    expect(totals).toMatchObject({
      nonlegal_hol: 1,
      nonlegal_hol_over: 240,
      nonlegal_hol_night: 120,
      legal_holiday: 0,
      legal_holiday_over: 120,
      legal_holiday_night: 300,
      total_work_time: 780,
    });
  });

  it('takes them out of a work day’s early and night totals', () => {
    const calendar = { ...aprilCalendar(), '2025-04-08': 'legal' as const };
    const input = { ...aprilInput([day('2025-04-07', '01', ['09:00', '07:00'])]), calendar };
    const { day: d, totals } = only(input);
    expect(d).toMatchObject({ basic_time: 480, over: 240, night_over: 420, early: 120, legal_over: 360 });
    expect(totals).toMatchObject({
      attendance_time: 480,
      early_over_time: 0,
      over_time: 240,
      night_over_time: 120,
      legal_holiday_over: 120,
      legal_holiday_night: 300,
    });
  });

  it('takes them out of overtime where the overtime window reaches past midnight', () => {
    const calendar = { ...aprilCalendar(), '2025-04-08': 'legal' as const };
    const input = {
      ...aprilInput([day('2025-04-07', '01', ['09:00', '07:00'])], {
        end_overtime: '06:00',
        early_start: '06:00',
      }),
      calendar,
    };
    const { day: d, totals } = only(input);
    expect(d).toMatchObject({ over: 300, early: 60, night_over: 420 });
    expect(totals).toMatchObject({
      early_over_time: 0,
      over_time: 240,
      night_over_time: 120,
      legal_holiday_over: 120,
    });
  });
});

describe('computeAttendance: the month', () => {
  it('gives the days in date order whatever order they came in', () => {
    const result = computeAttendance(
      aprilInput([
        day('2025-04-09', '01', ['09:00', '18:00']),
        day('2025-04-01', '02'),
        day('2025-04-30', '03'),
      ]),
    );
    expect(result.days.map((d) => d.date)).toStrictEqual(['2025-04-01', '2025-04-09', '2025-04-30']);
  });

  it('counts the work dates of the month from the calendar, not the day after it', () => {
    expect(computeAttendance(aprilInput([])).totals.basic_attendance_day).toBe(21);
  });
});

describe('computeAttendance: an input it cannot stand on', () => {
  function thrown(run: () => unknown): AttendanceInputError {
    try {
      run();
    } catch (err) {
      if (err instanceof AttendanceInputError) return err;
      throw err;
    }
    throw new Error('nothing was thrown');
  }

  it('throws for a date outside the month, naming the record', () => {
    const err = thrown(() => computeAttendance(aprilInput([day('2025-05-01', '01', ['09:00', '18:00'])])));
    expect(err).toMatchObject({ code: 'E_INPUT_DATE', path: ['days', 0, 'date'] });
    expect(thrown(() => computeAttendance(aprilInput([day('2025-04-31', '02')]))).code).toBe('E_INPUT_DATE');
  });

  it('throws for a second record of the same date', () => {
    const input = aprilInput([day('2025-04-07', '02'), day('2025-04-07', '01', ['09:00', '18:00'])]);
    expect(thrown(() => computeAttendance(input))).toMatchObject({
      code: 'E_INPUT_DUPLICATE_DATE',
      path: ['days', 1, 'date'],
    });
  });

  it('throws when the calendar misses the day after the month', () => {
    const calendar = aprilCalendar();
    delete calendar['2025-05-01'];
    const input = { ...aprilInput([]), calendar };
    expect(thrown(() => computeAttendance(input))).toMatchObject({
      code: 'E_INPUT_CALENDAR',
      path: ['calendar', '2025-05-01'],
    });
  });

  it('throws for settings whose work end is not after the work start, or with a bad time', () => {
    expect(thrown(() => computeAttendance(aprilInput([], { work_end_time: '09:00' })))).toMatchObject({
      code: 'E_INPUT_SETTINGS',
      path: ['settings', 'work_end_time'],
    });
    expect(thrown(() => computeAttendance(aprilInput([], { late_start: '25:00' })))).toMatchObject({
      code: 'E_INPUT_SETTINGS',
      path: ['settings', 'late_start'],
    });
    const tooManyBreaks = Array.from({ length: 6 }, () => ({ start: '15:00', end: '15:10' }));
    expect(thrown(() => computeAttendance(aprilInput([], { breaks: tooManyBreaks }))).code).toBe(
      'E_INPUT_SETTINGS',
    );
  });

  it('throws for a month that does not exist', () => {
    expect(thrown(() => computeAttendance({ ...aprilInput([]), month: 13 }))).toMatchObject({
      code: 'E_INPUT_MONTH',
      path: ['month'],
    });
  });
});
