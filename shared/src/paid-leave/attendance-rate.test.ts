import { describe, expect, it } from 'vitest';
import { ATTENDANCE_DAY_TYPES } from '../codes.ts';
import { attendanceRate, DAY_KIND_RULES, grantPeriod, judgeGrant, type TDayKind } from './attendance-rate.ts';
import { allocateLeave } from './balance.ts';
import { addDays } from './schedule.ts';
import { splitAtGrantDates, usesOf } from './split.ts';

const JOIN = '2025-04-01';

/** The first `count` dates from `from` are 所定労働日; later dates are days off. */
function workDaysFrom(from: string, count: number): (date: string) => boolean {
  const last = addDays(from, count - 1);
  return (date) => date >= from && date <= last;
}

/** `kinds` laid on consecutive dates from `from`: [kind, how many] in order. */
function recorded(
  from: string,
  kinds: readonly [TDayKind, number][],
): (date: string) => TDayKind | undefined {
  const map = new Map<string, TDayKind>();
  let date = from;
  for (const [kind, count] of kinds) {
    for (let i = 0; i < count; i += 1) {
      map.set(date, kind);
      date = addDays(date, 1);
    }
  }
  return (d) => map.get(d);
}

const kinds = Object.keys(DAY_KIND_RULES) as TDayKind[];
const counted = kinds.filter((k) => DAY_KIND_RULES[k].count === 'worked');
const leftOut = kinds.filter((k) => DAY_KIND_RULES[k].count === 'left_out');

describe('the day-kind table', () => {
  it('maps all 14 attendance day types of spec §4.4, each with a legal reason', () => {
    for (const { value, label } of ATTENDANCE_DAY_TYPES) {
      expect(DAY_KIND_RULES[value].label).toBe(label);
      expect(DAY_KIND_RULES[value].reason).toMatch(/第\d+条|基発|発基/);
    }
  });

  it.each([
    ['03', 'worked'],
    ['maternity', 'worked'],
    ['childcare', 'worked'],
    ['family_care', 'worked'],
    ['work_injury', 'worked'],
    ['07', 'left_out'],
    ['company_closure', 'left_out'],
    ['strike', 'left_out'],
    ['02', 'not_worked'],
  ] as const)('counts %s as %s (第39条第10項 and the circulars)', (kind, count) => {
    expect(DAY_KIND_RULES[kind].count).toBe(count);
  });
});

describe('the 80 % condition around the first 基準日', () => {
  const period = grantPeriod(JOIN, 0);
  const isWorkDay = workDaysFrom(period.from, 100);

  // 100 全労働日; 20 absences leave exactly 80 %, 21 leave 79 %. The counted kind fills 10 of the days
  // that are not absences: if it did not count as worked the rate would fall to 70 %.
  it.each(counted.flatMap((k) => [[k, 20, true, 80] as const, [k, 21, false, 79] as const]))(
    '%s counted as worked, %i absences → qualifies %s at %i %%',
    (kind, absences, qualifies, ratio) => {
      const rate = attendanceRate({
        ...period,
        isWorkDay,
        kindOf: recorded(period.from, [
          [kind, 10],
          ['02', absences],
          ['01', 70 - absences],
        ]),
      });
      expect(rate).toMatchObject({ work_days: 100, worked_days: 100 - absences, ratio, qualifies });
    },
  );

  // 10 days left out leave 90 全労働日: 18 absences are 80 %, 19 are 78.9 %. Counted as absences the
  // 10 days would fail the first; counted as worked they would pass the second.
  it.each(leftOut.flatMap((k) => [[k, 18, true, 80] as const, [k, 19, false, 78.8] as const]))(
    '%s left out of 全労働日, %i absences → qualifies %s at %s %%',
    (kind, absences, qualifies, ratio) => {
      const kindOf = recorded(period.from, [
        [kind, 10],
        ['02', absences],
      ]);
      const judged = judgeGrant(JOIN, 0, 5, { isWorkDay, kindOf });
      expect(judged.rate).toMatchObject({
        work_days: 90,
        left_out_days: 10,
        worked_days: 90 - absences,
        qualifies,
      });
      expect(judged.rate.ratio).toBe(ratio);
      expect(judged.days).toBe(qualifies ? 10 : 0);
      expect(judged.grant.granted_on).toBe('2025-10-01');
    },
  );
});

describe('the yearly grants, each judged on its own period', () => {
  it.each([
    [0, '2025-04-01', '2025-09-30', '2025-10-01', 10],
    [1, '2025-10-01', '2026-09-30', '2026-10-01', 11],
    [2, '2026-10-01', '2027-09-30', '2027-10-01', 12],
  ])('step %i judges %s – %s for the grant of %s (%i days)', (step, from, to, grantedOn, days) => {
    expect(grantPeriod(JOIN, step)).toEqual({ from, to });
    const isWorkDay = workDaysFrom(from, 150);
    const pass = judgeGrant(JOIN, step, 5, { isWorkDay, kindOf: recorded(from, [['02', 30]]) });
    const fail = judgeGrant(JOIN, step, 5, { isWorkDay, kindOf: recorded(from, [['02', 31]]) });
    expect(pass).toMatchObject({ days, grant: { granted_on: grantedOn } });
    expect(pass.rate.ratio).toBe(80);
    expect(fail.days).toBe(0);
    expect(fail.rate.ratio).toBe(79.3);
  });

  it('a year below 80 % does not stop the next year, nor move its step', () => {
    const bad = grantPeriod(JOIN, 1);
    const kindOf = recorded(bad.from, [['02', 200]]);
    const isWorkDay = () => true;
    expect(judgeGrant(JOIN, 1, 5, { isWorkDay, kindOf }).days).toBe(0);
    expect(judgeGrant(JOIN, 2, 5, { isWorkDay, kindOf }).days).toBe(12);
  });
});

describe('比例付与 under the same rule', () => {
  // Three days a week (Mon, Wed, Fri): the first grant is 5 days, then 6.
  const isWorkDay = (date: string) => [1, 3, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
  it.each([
    [0, 0, 5],
    [0, 1, 0],
    [1, 0, 6],
    [1, 1, 0],
  ])('step %i with one fifth of the 所定労働日 (+%i) absent grants %i days', (step, extra, days) => {
    const period = grantPeriod(JOIN, step);
    const workDates: string[] = [];
    for (let d = period.from; d <= period.to; d = addDays(d, 1)) if (isWorkDay(d)) workDates.push(d);
    // The most absences 80 % allows, then one more.
    const absent = new Set(workDates.slice(0, Math.floor(workDates.length / 5) + extra));
    const judged = judgeGrant(JOIN, step, 3, { isWorkDay, kindOf: (d) => (absent.has(d) ? '02' : '01') });
    expect(judged.rate.work_days).toBe(workDates.length);
    expect(judged.rate.qualifies).toBe(days > 0);
    expect(judged.days).toBe(days);
  });
});

describe('an absence across a 基準日', () => {
  const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
  // 2026-10-01 is a Thursday: Wed 30 Sep, Thu 1 Oct, Fri 2 Oct.
  const period = {
    start_date: '2026-09-30',
    end_date: '2026-10-02',
    is_start_half: false,
    is_end_half: false,
  };

  it.each([
    [period, 3, [1, 2]],
    [{ ...period, is_start_half: true }, 2.5, [0.5, 2]],
    [{ ...period, is_end_half: true }, 2.5, [1, 1.5]],
    [{ ...period, start_date: '2026-10-01' }, 2, [2]],
  ])('%j of %d days splits into %j', (p, days, split) => {
    expect(splitAtGrantDates(p, days, ['2025-10-01', '2026-10-01'], weekend).map((x) => x.days)).toEqual(
      split,
    );
  });

  it('takes the days before the 基準日 from the old grant and the rest from the new once the old is spent', () => {
    const grants = [
      { granted_on: '2025-10-01', expires_on: '2027-10-01', days: 10 },
      { granted_on: '2026-10-01', expires_on: '2028-10-01', days: 11 },
    ];
    const earlier = { date: '2025-11-01', days: 9 };
    const uses = [earlier, ...usesOf(splitAtGrantDates(period, 3, ['2026-10-01'], weekend))];
    const { grants: used, unallocated_days } = allocateLeave(grants, uses);
    expect(used.map((g) => g.used_days)).toEqual([10, 2]);
    expect(unallocated_days).toBe(0);
    // Dated wholly by its first day, the leave would draw all three days on the old grant alone.
    expect(allocateLeave(grants, [earlier, { date: period.start_date, days: 3 }]).unallocated_days).toBe(2);
  });
});
