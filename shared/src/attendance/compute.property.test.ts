// Properties of computeAttendance over random months: random settings (windows and breaks anywhere,
// wrapping midnight or not), random calendars, random days with now and then a badly typed time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAttendance } from './compute.ts';
import { dateOf, daysInMonth } from './dates.ts';
import { DayClass, dayClassOf } from './day-types.ts';
import { roundEndOnBlur, roundStartOnBlur } from './form-rules.ts';
import type {
  TAttendanceDayInput,
  TAttendanceDayResult,
  TAttendanceInput,
  TAttendanceSegment,
  TAttendanceSettings,
  TCalendarKind,
} from './schema.ts';
import { formatTime, parseTime, roundDown, roundUp } from './time.ts';

const DAY = 1440;

const minuteOfDay = fc.integer({ min: 0, max: DAY - 1 });
const clock = minuteOfDay.map(formatTime);
/** Typed times: mostly valid, in both H:MM and HH:MM, sometimes not a time at all. */
const typedTime = fc.oneof(
  { weight: 24, arbitrary: clock },
  { weight: 2, arbitrary: clock.map((t) => t.replace(/^0(\d):/, '$1:')) },
  { weight: 1, arbitrary: fc.constantFrom('', '24:00', '9:5', 'xx:yy', '12:60', '0900') },
);
const period = fc.record({ start: clock, end: clock });

/** A start of work mostly in the morning (so that shifts past midnight can end before it), now and then anywhere. */
const workStart = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 360, max: 660 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: DAY - 2 }) },
);

const settingsArb: fc.Arbitrary<TAttendanceSettings> = fc
  .tuple(
    workStart,
    fc.integer({ min: 1, max: DAY - 1 }),
    fc.option(period, { nil: null }),
    fc.array(period, { maxLength: 5 }),
    period,
    period,
    period,
  )
  .map(([a, b, lunch, breaks, early, overtime, night]) => {
    const start = Math.min(a, b);
    const end = Math.max(a, b) === start ? start + 1 : Math.max(a, b);
    return {
      work_start_time: formatTime(start),
      work_end_time: formatTime(end),
      lunch_start_time: lunch?.start ?? null,
      lunch_end_time: lunch?.end ?? null,
      breaks,
      early_start: early.start,
      early_end: early.end,
      start_overtime: overtime.start,
      end_overtime: overtime.end,
      late_start: night.start,
      late_end_time: night.end,
    };
  });

/** Work types most of the time, so that most days have worked minutes to check. */
const typeArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('01', '06', '08', '09') },
  { weight: 3, arbitrary: fc.constantFrom('05', '12', '13', '14') },
  { weight: 3, arbitrary: fc.constantFrom('03', '04') },
  { weight: 2, arbitrary: fc.constantFrom('02', '07', '10', '11') },
  { weight: 1, arbitrary: fc.constantFrom('99', '', '1') },
);
/** A shift: a start and a length of up to 14 hours, so that most shifts end before the next day's work. */
const shift = fc
  .tuple(minuteOfDay, fc.integer({ min: 1, max: 14 * 60 }))
  .map(([start, length]) => ({ start: formatTime(start), end: formatTime((start + length) % DAY) }));
const segmentArb = fc.oneof(
  { weight: 4, arbitrary: shift },
  { weight: 1, arbitrary: fc.record({ start: typedTime, end: typedTime }) },
);
const segmentsArb = fc.oneof(
  { weight: 6, arbitrary: fc.array(segmentArb, { minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.array(segmentArb, { minLength: 2, maxLength: 3 }) },
  { weight: 2, arbitrary: fc.constant<TAttendanceSegment[]>([]) },
);

const monthArb = fc.constantFrom([2024, 2], [2025, 4], [2025, 7], [2025, 12]);

const inputArb: fc.Arbitrary<TAttendanceInput> = monthArb.chain(([year, month]) => {
  const count = daysInMonth(year ?? 2025, month ?? 1);
  const dayArb = fc.record({ type: typeArb, segments: segmentsArb });
  return fc
    .record({
      year: fc.constant(year ?? 2025),
      month: fc.constant(month ?? 1),
      settings: settingsArb,
      kinds: fc.array(fc.constantFrom<TCalendarKind>('work', 'work', 'nonlegal', 'legal'), {
        minLength: count + 1,
        maxLength: count + 1,
      }),
      days: fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: count }), dayArb), {
        maxLength: count,
        selector: ([d]) => d,
      }),
    })
    .map(({ year: y, month: m, settings, kinds, days }) => ({
      year: y,
      month: m,
      settings,
      calendar: Object.fromEntries(kinds.map((kind, i) => [dateOf(y, m, i + 1), kind])),
      days: days.map(([d, record]): TAttendanceDayInput => ({ date: dateOf(y, m, d), ...record })),
    }));
});

const NUMBER_FIELDS = [
  'basic_time',
  'early',
  'over',
  'night_over',
  'total_time',
  'step_out_time',
  'shortfall',
  'leave_time',
  'legal_over',
  'excess_over',
] as const;

function recordOf(input: TAttendanceInput, date: string): TAttendanceDayInput {
  const record = input.days.find((d) => d.date === date);
  if (!record) throw new Error(`no record for ${date}`);
  return record;
}

function sum(days: readonly TAttendanceDayResult[], pick: (d: TAttendanceDayResult) => number): number {
  return days.reduce((total, d) => total + pick(d), 0);
}

describe('computeAttendance properties', () => {
  it('gives one result a record, in date order, never throwing for a day-level problem', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = computeAttendance(input);
        expect(result.days.map((d) => d.date)).toStrictEqual(input.days.map((d) => d.date).sort());
      }),
    );
  });

  it('keeps total_time = basic_time + early + over + night_over on every day', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const d of computeAttendance(input).days) {
          expect(d.total_time).toBe(d.basic_time + d.early + d.over + d.night_over);
        }
      }),
    );
  });

  it('never gives a negative or fractional figure (leave days aside, which are 0, 0.5 or 1)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { days, totals } = computeAttendance(input);
        for (const d of days) {
          for (const field of NUMBER_FIELDS) {
            expect(Number.isInteger(d[field]) && d[field] >= 0, `${d.date} ${field} = ${d[field]}`).toBe(
              true,
            );
          }
          expect([0, 0.5, 1]).toContain(d.leave_days);
        }
        for (const [field, value] of Object.entries(totals)) {
          expect(value >= 0 && Number.isInteger(value * 2), `${field} = ${value}`).toBe(true);
        }
      }),
    );
  });

  it('makes the totals the sums of the days', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { days, totals } = computeAttendance(input);
        const accepted = days.filter((d) => d.error === null);
        const ofType = (...types: string[]) =>
          accepted.filter((d) => types.includes(recordOf(input, d.date).type));
        const classOf = (d: TAttendanceDayResult) => dayClassOf(recordOf(input, d.date).type);
        const attended = accepted.filter(
          (d) =>
            classOf(d) === DayClass.Work ||
            (classOf(d) === DayClass.Leave && recordOf(input, d.date).segments.length > 0),
        );
        const holidayWork = accepted.filter((d) => classOf(d) === DayClass.HolidayWork);
        const onLegal = holidayWork.filter((d) => input.calendar[d.date] === 'legal');
        const legalOver = sum(days, (d) => d.legal_over);

        expect(totals.total_work_time).toBe(sum(days, (d) => d.total_time));
        expect(totals.attendance_days).toBe(attended.length);
        expect(totals.attendance_time).toBe(sum(attended, (d) => d.basic_time));
        expect(totals.over_time + totals.early_over_time + totals.night_over_time).toBeLessThanOrEqual(
          sum(attended, (d) => d.over + d.early + d.night_over),
        );
        expect(totals.legal_holiday).toBe(onLegal.length);
        expect(totals.legal_holiday_time).toBe(sum(onLegal, (d) => d.basic_time));
        expect(totals.nonlegal_hol).toBe(holidayWork.length - onLegal.length);
        expect(totals.paid_vacation_days).toBe(sum(ofType('03'), (d) => d.leave_days));
        expect(totals.paid_vacation_time).toBe(sum(ofType('03'), (d) => d.leave_time));
        expect(totals.compensatory_days).toBe(sum(ofType('04'), (d) => d.leave_days));
        expect(totals.compensatory_leave).toBe(sum(ofType('04'), (d) => d.leave_time));
        expect(totals.absence_days).toBe(ofType('02').length);
        expect(totals.absence_time).toBe(sum(days, (d) => d.shortfall));
        expect(totals.excess_over).toBe(sum(days, (d) => d.excess_over));
        expect(totals.excess_over).toBe(Math.max(0, legalOver - 3600));
        expect(totals.amount_time).toBe(totals.total_work_time + totals.paid_vacation_time);
        expect(totals.basic_attendance_day).toBe(
          Object.entries(input.calendar).filter(
            ([date, kind]) =>
              kind === 'work' && date.startsWith(`${input.year}-${String(input.month).padStart(2, '0')}-`),
          ).length,
        );
      }),
    );
  });

  it('puts every worked minute of the month in exactly one time total', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeAttendance(input).totals;
        const buckets =
          t.attendance_time +
          t.early_over_time +
          t.over_time +
          t.night_over_time +
          t.legal_holiday_time +
          t.legal_holiday_over +
          t.legal_holiday_night +
          t.nonlegal_hol_time +
          t.nonlegal_hol_over +
          t.nonlegal_hol_night;
        expect(buckets).toBe(t.total_work_time);
      }),
    );
  });

  it('adds nothing for a rejected day: the totals are those of the month without it', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = computeAttendance(input);
        const rejected = new Set(result.days.filter((d) => d.error !== null).map((d) => d.date));
        const without = computeAttendance({
          ...input,
          days: input.days.filter((d) => !rejected.has(d.date)),
        });
        expect(result.totals).toStrictEqual(without.totals);
        for (const d of result.days.filter((r) => r.error !== null)) {
          expect(d.basic_start).toBeNull();
          expect(d.basic_end).toBeNull();
          for (const field of NUMBER_FIELDS) expect(d[field]).toBe(0);
        }
      }),
    );
  });

  it('agrees minute by minute with a plain reading of the rules', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const d of computeAttendance(input).days) {
          if (d.error !== null) continue;
          const expected = referenceDay(input, recordOf(input, d.date));
          expect({
            basic_time: d.basic_time,
            early: d.early,
            over: d.over,
            night_over: d.night_over,
            step_out_time: d.step_out_time,
            basic_start: d.basic_start,
            basic_end: d.basic_end,
          }).toStrictEqual(expected);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('rounding to 15 minutes', () => {
  it('is idempotent, on the form and in the calculation', () => {
    fc.assert(
      fc.property(typedTime, fc.integer({ min: 0, max: 2 * DAY }), (text, minutes) => {
        expect(roundStartOnBlur(roundStartOnBlur(text))).toBe(roundStartOnBlur(text));
        expect(roundEndOnBlur(roundEndOnBlur(text))).toBe(roundEndOnBlur(text));
        expect(roundUp(roundUp(minutes))).toBe(roundUp(minutes));
        expect(roundDown(roundDown(minutes))).toBe(roundDown(minutes));
      }),
    );
  });

  it('moves a start later and an end earlier, by less than 15 minutes, onto the quarter hour', () => {
    fc.assert(
      fc.property(minuteOfDay, (minute) => {
        const text = formatTime(minute);
        const start = parseTime(roundStartOnBlur(text));
        const end = parseTime(roundEndOnBlur(text));
        expect(end % 15).toBe(0);
        expect(minute - end).toBeGreaterThanOrEqual(0);
        expect(minute - end).toBeLessThan(15);
        if (minute <= 1425) {
          expect(start % 15).toBe(0);
          expect(start - minute).toBeGreaterThanOrEqual(0);
          expect(start - minute).toBeLessThan(15);
        } else {
          expect(roundStartOnBlur(text)).toBe(text);
        }
      }),
    );
  });
});

/** Per-minute reading of "Per-day figures", for an accepted day: no runs, no running counts. */
function referenceDay(input: TAttendanceInput, record: TAttendanceDayInput) {
  const s = input.settings;
  const at = (text: string | null | undefined) => parseTime(text ?? '');
  const inPeriod = (start: number, end: number, t: number) =>
    start < end ? t >= start && t < end : start > end ? t >= start || t < end : false;
  const breaks = [...s.breaks.map((b) => [at(b.start), at(b.end)] as const)];
  if (s.lunch_start_time) breaks.push([at(s.lunch_start_time), at(s.lunch_end_time)]);
  const ws = at(s.work_start_time);
  const we = at(s.work_end_time);

  const worked = new Array<boolean>(2 * DAY).fill(false);
  let first = Infinity;
  let last = -Infinity;
  for (const segment of record.segments) {
    const typedStart = at(segment.start);
    const typedEnd = at(segment.end);
    const start = Math.ceil(typedStart / 15) * 15;
    const end = Math.floor((typedEnd < typedStart ? typedEnd + DAY : typedEnd) / 15) * 15;
    for (let m = start; m < end; m++) worked[m] = true;
    first = Math.min(first, start);
    last = Math.max(last, end);
  }
  const figures = { basic_time: 0, early: 0, over: 0, night_over: 0, step_out_time: 0 };
  for (let m = 0; m < 2 * DAY; m++) {
    const t = m % DAY;
    if (breaks.some(([b, e]) => inPeriod(b, e, t))) continue;
    if (!worked[m]) {
      if (m > first && m < last) figures.step_out_time++;
      continue;
    }
    if (inPeriod(at(s.late_start), at(s.late_end_time), t)) figures.night_over++;
    else if (t >= ws && t < we) figures.basic_time++;
    else if (inPeriod(at(s.early_start), at(s.early_end), t)) figures.early++;
    else if (inPeriod(at(s.start_overtime), at(s.end_overtime), t)) figures.over++;
    else if (t < ws) figures.early++;
    else figures.over++;
  }
  const overlapsBasic = record.segments.length > 0 && first < we && last > ws;
  return {
    ...figures,
    basic_start: overlapsBasic ? formatTime(Math.max(first, ws)) : null,
    basic_end: overlapsBasic ? formatTime(Math.min(last, we)) : null,
  };
}
