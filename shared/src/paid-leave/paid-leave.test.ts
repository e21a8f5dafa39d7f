import { describe, expect, it } from 'vitest';
import {
  allocateLeave,
  balanceOn,
  daysLeftOf,
  obligationOn,
  obligationReminderOn,
  type TGrantRow,
} from './balance.ts';
import {
  addMonths,
  grantDays,
  grantsDue,
  nextScheduledGrant,
  scheduledGrant,
  STATUTORY_GRANT_TABLE,
} from './schedule.ts';

describe('the statutory grant schedule', () => {
  // 労働基準法施行規則 第24条の3: by weekly days, at 0.5, 1.5 … 6.5 years of service.
  const rows: [weekly: number | null, days: number[]][] = [
    [null, [10, 11, 12, 14, 16, 18, 20, 20, 20]],
    [5, [10, 11, 12, 14, 16, 18, 20, 20]],
    [4, [7, 8, 9, 10, 12, 13, 15, 15]],
    [3, [5, 6, 6, 8, 9, 10, 11, 11]],
    [2, [3, 4, 4, 5, 6, 6, 7, 7]],
    [1, [1, 2, 2, 2, 3, 3, 3, 3]],
  ];
  it.each(rows)('weekly days %s grant %j', (weekly, days) => {
    expect(days.map((_, step) => grantDays(step, weekly))).toEqual(days);
  });

  it('keeps the table as the regulation prints it', () => {
    expect(STATUTORY_GRANT_TABLE[5]).toEqual([10, 11, 12, 14, 16, 18, 20]);
    expect(Object.keys(STATUTORY_GRANT_TABLE)).toHaveLength(5);
  });

  it.each([
    ['2024-04-01', 0, '2024-10-01', '2026-10-01'],
    ['2024-04-01', 1, '2025-10-01', '2027-10-01'],
    ['2024-04-01', 6, '2030-10-01', '2032-10-01'],
    // A day the month lacks becomes its last day.
    ['2023-08-31', 0, '2024-02-29', '2026-02-28'],
    ['2024-12-15', 0, '2025-06-15', '2027-06-15'],
  ])('joined %s: grant %i on %s, lapsing on %s', (join, step, grantedOn, expiresOn) => {
    const grant = scheduledGrant(join, step, 5);
    expect(grant.granted_on).toBe(grantedOn);
    expect(grant.expires_on).toBe(expiresOn);
  });

  it.each([
    // [today, grants due (date:days), next grant]
    ['2024-09-30', [], '2024-10-01:10'],
    ['2024-10-01', ['2024-10-01:10'], '2025-10-01:11'],
    ['2025-10-01', ['2024-10-01:10', '2025-10-01:11'], '2026-10-01:12'],
    // The first grant lapses on its second anniversary.
    ['2026-09-30', ['2024-10-01:10', '2025-10-01:11'], '2026-10-01:12'],
    ['2026-10-01', ['2025-10-01:11', '2026-10-01:12'], '2027-10-01:14'],
    ['2040-01-05', ['2038-10-01:20', '2039-10-01:20'], '2040-10-01:20'],
  ])('joined 2024-04-01, on %s', (today, due, next) => {
    expect(grantsDue('2024-04-01', 5, today).map((g) => `${g.granted_on}:${g.days}`)).toEqual(due);
    const n = nextScheduledGrant('2024-04-01', 5, today);
    expect(`${n.granted_on}:${n.days}`).toBe(next);
  });

  it('finds the next grant for a December join early in the year', () => {
    expect(nextScheduledGrant('2020-12-01', 5, '2026-01-05').granted_on).toBe('2026-06-01');
    expect(nextScheduledGrant('2020-12-01', 3, '2026-06-01')).toMatchObject({
      granted_on: '2027-06-01',
      days: 11,
    });
  });

  it('adds months across years and backwards', () => {
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });
});

const G1: TGrantRow = { granted_on: '2024-10-01', expires_on: '2026-10-01', days: 10 };
const G2: TGrantRow = { granted_on: '2025-10-01', expires_on: '2027-10-01', days: 11 };
const G3: TGrantRow = { granted_on: '2026-10-01', expires_on: '2028-10-01', days: 12 };

describe('taking leave from the oldest grant first', () => {
  it.each([
    ['one day from the only grant', [G1], [{ date: '2025-01-10', days: 1 }], [1], 0],
    ['the oldest first while both are valid', [G2, G1], [{ date: '2025-11-04', days: 3 }], [3, 0], 0],
    [
      'over into the next grant when the oldest runs out',
      [G1, G2],
      [
        { date: '2025-06-02', days: 8 },
        { date: '2025-11-04', days: 3 },
      ],
      [10, 1],
      0,
    ],
    ['half days count 0.5', [G1], [0.5, 0.5, 0.5].map((days) => ({ date: '2025-01-10', days })), [1.5], 0],
    ['nothing from a grant not yet made', [G2], [{ date: '2025-09-30', days: 1 }], [0], 1],
    ['nothing from a lapsed grant', [G1, G3], [{ date: '2026-10-01', days: 2 }], [0, 2], 0],
    ['more than granted stays unallocated', [G1], [{ date: '2025-01-10', days: 12 }], [10], 2],
  ])('%s', (_name, grants, uses, used, unallocated) => {
    const result = allocateLeave(grants, uses);
    expect(result.grants.map((g) => g.used_days)).toEqual(used);
    expect(result.unallocated_days).toBe(unallocated);
  });
});

describe('the balance on a day', () => {
  it('lists the valid grants with used and remaining, the total and what lapses within 3 months', () => {
    const uses = [
      { date: '2025-03-03', days: 4 },
      { date: '2025-12-01', days: 0.5 },
    ];
    const balance = balanceOn([G1, G2], uses, '2026-07-01');
    expect(balance.grants).toEqual([
      { ...G1, used_days: 4.5, remaining_days: 5.5 },
      { ...G2, used_days: 0, remaining_days: 11 },
    ]);
    expect(balance.remaining_days).toBe(16.5);
    // G1 lapses on 2026-10-01, within three months of 2026-07-01.
    expect(balance.expiring_days).toBe(5.5);
    expect(balanceOn([G1, G2], uses, '2026-06-30').expiring_days).toBe(0);
    // On the day it lapses, G1 and its 5.5 days are gone.
    expect(balanceOn([G1, G2], uses, '2026-10-01').remaining_days).toBe(11);
  });
});

describe('the five-day obligation', () => {
  const uses = [
    { date: '2025-09-01', days: 2 },
    { date: '2025-09-30', days: 0.5 },
    { date: '2025-10-01', days: 1 },
    { date: '2026-03-02', days: 0.5 },
    { date: '2026-10-01', days: 3 },
  ];
  it.each([
    // Before the grant date only the previous grant's year counts.
    ['2025-09-30', { granted_on: '2024-10-01', taken_days: 2.5, deadline: '2025-09-30' }],
    // From the grant date on, leave before it no longer counts.
    ['2025-10-01', { granted_on: '2025-10-01', taken_days: 1.5, deadline: '2026-09-30' }],
    ['2026-09-30', { granted_on: '2025-10-01', taken_days: 1.5, deadline: '2026-09-30' }],
    ['2026-10-01', { granted_on: '2026-10-01', taken_days: 3, deadline: '2027-09-30' }],
  ])('on %s', (today, expected) => {
    expect(obligationOn([G1, G2, G3], uses, today)).toEqual({ required_days: 5, ...expected });
  });

  it('does not start from grants under 10 days', () => {
    const part: TGrantRow = { granted_on: '2025-10-01', expires_on: '2027-10-01', days: 7 };
    expect(obligationOn([part], [], '2025-12-01')).toBeNull();
    expect(obligationOn([], [], '2025-12-01')).toBeNull();
  });
});

describe('the obligation reminders: 3 months and 1 month before the year ends', () => {
  const running = { required_days: 5, taken_days: 2, deadline: '2026-09-30', granted_on: '2025-10-01' };
  it.each([
    ['2026-06-30', null],
    ['2026-07-01', 3],
    ['2026-08-31', 3],
    ['2026-09-01', 1],
    ['2026-09-30', 1],
    ['2026-10-01', null],
  ] as const)('on %s: %s', (today, threshold) => {
    expect(obligationReminderOn(running, today)).toBe(threshold);
  });

  it('sends none once 5 days are taken or approved, nor without an obligation', () => {
    expect(obligationReminderOn({ ...running, taken_days: 5 }, '2026-09-10')).toBeNull();
    expect(obligationReminderOn({ ...running, taken_days: 4.5 }, '2026-09-10')).toBe(1);
    expect(obligationReminderOn(null, '2026-09-10')).toBeNull();
  });

  it('counts the days left with the deadline itself', () => {
    expect(daysLeftOf(running, '2026-09-30')).toBe(1);
    expect(daysLeftOf(running, '2026-07-01')).toBe(92);
  });
});
