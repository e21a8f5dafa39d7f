import { describe, expect, it } from 'vitest';
import {
  applyDayType,
  applyDefaultInput,
  applyLeavePeriods,
  applySettingsTime,
  countsAsWorkPeriod,
  lockDaysAfterContractEnd,
  lockHolidays,
  roundEndOnBlur,
  roundStartOnBlur,
  selectableDayTypes,
  timesEditable,
  type TLeavePeriod,
} from './form-rules.ts';
import { createAttendanceForm, type TAttendanceForm, type TAttendanceFormDay } from './form-state.ts';
import { APRIL_SETTINGS, aprilCalendar } from './test-month.ts';

const CONTRACT = { start: '09:00', end: '18:00' };
const ON_SITE = { start: '09:30', end: '18:30' };
const blank: TAttendanceFormDay = { type: '', start: '', end: '', locked: false };

function dayOf(form: TAttendanceForm, set: 'first' | 'second', dayOfMonth: number): TAttendanceFormDay {
  const found = form[set][dayOfMonth - 1];
  if (!found) throw new Error(`no day ${dayOfMonth}`);
  return found;
}

function withDay(
  form: TAttendanceForm,
  set: 'first' | 'second',
  dayOfMonth: number,
  day: TAttendanceFormDay,
) {
  const days = [...form[set]];
  days[dayOfMonth - 1] = day;
  return { ...form, [set]: days };
}

describe('the month', () => {
  it('starts with every day of the month empty in both sets', () => {
    const form = createAttendanceForm(2024, 2);
    expect(form.first).toHaveLength(29);
    expect(form.second).toHaveLength(29);
    expect(form.first.every((d) => d.type === '' && d.start === '' && d.end === '' && !d.locked)).toBe(true);
  });
});

describe('choosing a day type', () => {
  const typed: TAttendanceFormDay = { type: '01', start: '09:00', end: '18:00', locked: false };

  it('clears the times of 07 and 10 and makes them read-only', () => {
    for (const type of ['07', '10']) {
      const day = applyDayType(typed, type, CONTRACT, 'first');
      expect(day).toStrictEqual({ type, start: '', end: '', locked: false });
      expect(timesEditable(day)).toBe(false);
    }
  });

  it('clears the times of 02 and 11 too, which the calculation refuses times on', () => {
    expect(applyDayType(typed, '02', CONTRACT, 'first')).toMatchObject({ start: '', end: '' });
    expect(timesEditable({ ...typed, type: '11' })).toBe(false);
  });

  it('fills empty times of 01 and 03 from the contract hours and keeps typed ones', () => {
    expect(applyDayType(blank, '01', CONTRACT, 'first')).toMatchObject({
      type: '01',
      start: '09:00',
      end: '18:00',
    });
    expect(applyDayType(blank, '03', CONTRACT, 'first')).toMatchObject({
      type: '03',
      start: '09:00',
      end: '18:00',
    });
    const late = { ...blank, start: '10:15' };
    expect(applyDayType(late, '01', CONTRACT, 'first')).toMatchObject({ start: '10:15', end: '18:00' });
  });

  it('keeps the times as they are for the other types', () => {
    expect(applyDayType(blank, '08', CONTRACT, 'first')).toStrictEqual({ ...blank, type: '08' });
    expect(applyDayType(typed, '06', CONTRACT, 'first')).toStrictEqual({ ...typed, type: '06' });
  });

  it('clears the times when the type is cleared', () => {
    expect(applyDayType(typed, '', CONTRACT, 'first')).toStrictEqual(blank);
  });

  it('leaves a locked day as it is', () => {
    const locked = { ...blank, locked: true };
    expect(applyDayType(locked, '01', CONTRACT, 'first')).toBe(locked);
    expect(timesEditable({ ...typed, locked: true })).toBe(false);
  });

  it('offers paid leave (03) in the first set only', () => {
    expect(selectableDayTypes('first').map((t) => t.value)).toContain('03');
    expect(selectableDayTypes('second').map((t) => t.value)).not.toContain('03');
    expect(selectableDayTypes('second')).toHaveLength(13);
    expect(applyDayType(blank, '03', CONTRACT, 'second')).toBe(blank);
  });
});

describe('times on blur', () => {
  it('rounds a start up and an end down to 15 minutes', () => {
    expect(roundStartOnBlur('09:01')).toBe('09:15');
    expect(roundStartOnBlur('9:00')).toBe('09:00');
    expect(roundEndOnBlur('18:29')).toBe('18:15');
    expect(roundEndOnBlur('0:14')).toBe('00:00');
  });

  it('leaves a start that would round into the next day, and text that is no time, as typed', () => {
    expect(roundStartOnBlur('23:50')).toBe('23:50');
    expect(roundStartOnBlur('9:5')).toBe('9:5');
    expect(roundEndOnBlur('25:00')).toBe('25:00');
  });
});

describe('a work period', () => {
  it('needs both times with the end after the start', () => {
    expect(countsAsWorkPeriod('09:00', '18:00')).toBe(true);
    expect(countsAsWorkPeriod('18:00', '09:00')).toBe(false);
    expect(countsAsWorkPeriod('09:00', '09:00')).toBe(false);
    expect(countsAsWorkPeriod('', '18:00')).toBe(false);
  });
});

describe('locks', () => {
  it('clears and locks the days after the contract end in both sets', () => {
    let form = createAttendanceForm(2025, 4);
    form = withDay(form, 'first', 20, { type: '01', start: '09:00', end: '18:00', locked: false });
    const locked = lockDaysAfterContractEnd(form, '2025-04-15');
    expect(dayOf(locked, 'first', 15)).toStrictEqual(blank);
    for (const set of ['first', 'second'] as const) {
      for (let d = 16; d <= 30; d++) expect(dayOf(locked, set, d)).toStrictEqual({ ...blank, locked: true });
    }
    expect(lockDaysAfterContractEnd(form, null)).toBe(form);
  });

  it('makes an untyped weekday holiday 10 and locks it, leaving weekends and typed days alone', () => {
    let form = createAttendanceForm(2025, 4);
    form = withDay(form, 'second', 29, { type: '05', start: '09:00', end: '12:00', locked: false });
    const locked = lockHolidays(form, aprilCalendar());
    expect(dayOf(locked, 'first', 29)).toStrictEqual({ type: '10', start: '', end: '', locked: true });
    expect(dayOf(locked, 'second', 29)).toMatchObject({ type: '05', locked: false });
    expect(dayOf(locked, 'first', 5)).toStrictEqual(blank);
    expect(dayOf(locked, 'first', 6)).toStrictEqual(blank);
  });
});

describe('default input', () => {
  it('fills the business weekdays of one set with 01 and the contract hours', () => {
    let form = createAttendanceForm(2025, 4);
    form = withDay(form, 'first', 8, { type: '03', start: '', end: '', locked: false });
    form = lockDaysAfterContractEnd(form, '2025-04-29');
    const filled = applyDefaultInput(form, 'first', aprilCalendar(), CONTRACT);
    expect(dayOf(filled, 'first', 7)).toStrictEqual({
      type: '01',
      start: '09:00',
      end: '18:00',
      locked: false,
    });
    expect(dayOf(filled, 'first', 8).type).toBe('03');
    expect(dayOf(filled, 'first', 5)).toStrictEqual(blank);
    expect(dayOf(filled, 'first', 29)).toStrictEqual(blank);
    expect(dayOf(filled, 'first', 30)).toStrictEqual({ ...blank, locked: true });
    expect(filled.first.filter((d) => d.type === '01')).toHaveLength(19);
    expect(filled.second).toBe(form.second);
  });
});

describe('paid-leave periods', () => {
  const contracts = { first: CONTRACT, second: ON_SITE };
  const period = (p: Partial<TLeavePeriod>): TLeavePeriod => ({
    category: '01',
    start_date: '2025-04-09',
    end_date: '2025-04-11',
    is_start_half: false,
    is_end_half: false,
    ...p,
  });

  it('makes a whole day 03 with the contract hours in the first set and 02 in the second', () => {
    const form = applyLeavePeriods(createAttendanceForm(2025, 4), [period({})], aprilCalendar(), contracts);
    for (const d of [9, 10, 11]) {
      expect(dayOf(form, 'first', d)).toStrictEqual({
        type: '03',
        start: '09:00',
        end: '18:00',
        locked: false,
      });
      expect(dayOf(form, 'second', d)).toStrictEqual({ type: '02', start: '', end: '', locked: false });
    }
    expect(dayOf(form, 'first', 8)).toStrictEqual(blank);
  });

  it('gives an afternoon-start first day the morning: 03 ending 4 hours early, and 01 for 5 hours', () => {
    const form = applyLeavePeriods(
      createAttendanceForm(2025, 4),
      [period({ is_start_half: true })],
      aprilCalendar(),
      contracts,
    );
    expect(dayOf(form, 'first', 9)).toStrictEqual({
      type: '03',
      start: '09:00',
      end: '14:00',
      locked: false,
    });
    expect(dayOf(form, 'second', 9)).toStrictEqual({
      type: '01',
      start: '09:30',
      end: '14:30',
      locked: false,
    });
    expect(dayOf(form, 'first', 10).end).toBe('18:00');
  });

  it('gives a morning-only last day the afternoon: 03 from 4 hours late, and 01 for the last 5 hours', () => {
    const form = applyLeavePeriods(
      createAttendanceForm(2025, 4),
      [period({ is_end_half: true })],
      aprilCalendar(),
      contracts,
    );
    expect(dayOf(form, 'first', 11)).toStrictEqual({
      type: '03',
      start: '13:00',
      end: '18:00',
      locked: false,
    });
    expect(dayOf(form, 'second', 11)).toStrictEqual({
      type: '01',
      start: '13:30',
      end: '18:30',
      locked: false,
    });
  });

  it('overwrites the default input but skips days off, locked days and other categories', () => {
    const calendar = aprilCalendar();
    let form = applyDefaultInput(createAttendanceForm(2025, 4), 'first', calendar, CONTRACT);
    form = lockDaysAfterContractEnd(form, '2025-04-28');
    const periods = [
      period({ start_date: '2025-04-04', end_date: '2025-04-07' }),
      period({ category: '02', start_date: '2025-04-14', end_date: '2025-04-14' }),
      period({ start_date: '2025-04-28', end_date: '2025-04-30' }),
    ];
    const filled = applyLeavePeriods(form, periods, calendar, contracts);
    expect(dayOf(filled, 'first', 4).type).toBe('03');
    expect(dayOf(filled, 'first', 5)).toStrictEqual(blank);
    expect(dayOf(filled, 'first', 6)).toStrictEqual(blank);
    expect(dayOf(filled, 'first', 7).type).toBe('03');
    expect(dayOf(filled, 'first', 14).type).toBe('01');
    expect(dayOf(filled, 'first', 28).type).toBe('03');
    expect(dayOf(filled, 'first', 30)).toStrictEqual({ ...blank, locked: true });
  });
});

describe('settings times', () => {
  it('copies the work start to the end of the early window and the work end to the start of overtime', () => {
    const start = applySettingsTime(APRIL_SETTINGS, 'work_start_time', '08:30');
    expect(start).toMatchObject({ work_start_time: '08:30', early_end: '08:30', start_overtime: '18:00' });
    const end = applySettingsTime(APRIL_SETTINGS, 'work_end_time', '17:30');
    expect(end).toMatchObject({ work_end_time: '17:30', start_overtime: '17:30', early_end: '09:00' });
    expect(applySettingsTime(APRIL_SETTINGS, 'late_start', '22:30')).toStrictEqual({
      ...APRIL_SETTINGS,
      late_start: '22:30',
    });
  });
});
