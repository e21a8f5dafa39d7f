import { describe, expect, it } from 'vitest';
import { countLeaveDays, periodsOverlap, vacationFieldErrors } from './vacation.ts';

const period = (start_date: string, end_date: string, is_start_half = false, is_end_half = false) => ({
  start_date,
  end_date,
  is_start_half,
  is_end_half,
});

describe('countLeaveDays', () => {
  it.each([
    ['one weekday', period('2025-04-07', '2025-04-07'), 1],
    ['a half day', period('2025-04-07', '2025-04-07', true), 0.5],
    ['Monday to Friday', period('2025-04-07', '2025-04-11'), 5],
    ['over a weekend', period('2025-04-10', '2025-04-14'), 3],
    ['afternoon start and morning end', period('2025-04-07', '2025-04-09', true, true), 2],
    ['a weekend only', period('2025-04-12', '2025-04-13'), 0],
  ])('%s', (_name, p, days) => {
    expect(countLeaveDays(p)).toBe(days);
  });

  it('skips the days the caller says are off', () => {
    expect(countLeaveDays(period('2025-04-28', '2025-04-30'), (d) => d === '2025-04-29')).toBe(2);
  });
});

describe('periodsOverlap and vacationFieldErrors', () => {
  it('finds a shared day', () => {
    expect(periodsOverlap(period('2025-04-07', '2025-04-09'), period('2025-04-09', '2025-04-10'))).toBe(true);
    expect(periodsOverlap(period('2025-04-07', '2025-04-08'), period('2025-04-09', '2025-04-10'))).toBe(
      false,
    );
  });

  it('refuses an end before the start', () => {
    expect(
      vacationFieldErrors(
        { start_date: '2025-04-09', end_date: '2025-04-08' },
        { start: '開始日', end: '終了日' },
      ),
    ).toEqual({
      end_date: ['終了日 は 開始日 以降の日付にしてください。'],
    });
  });
});
