import { describe, expect, it } from 'vitest';
import { monthChoices, tokyoMonth } from './month-choice.ts';
import { normaliseTimeText, timeOnBlur } from './time-text.ts';

describe('typed times', () => {
  it.each([
    ['930', '9:30'],
    ['1830', '18:30'],
    ['18', '18:00'],
    ['７', '7:00'],
    ['１８：３０', '18:30'],
    ['18.30', '18:30'],
    ['18:3', '18:3'],
    ['abc', 'abc'],
  ])('reads %s as %s', (typed, read) => {
    expect(normaliseTimeText(typed)).toBe(read);
  });

  it('rounds starts up and ends down to 15 minutes, and leaves what is no time alone', () => {
    expect(timeOnBlur('905', 'start')).toBe('09:15');
    expect(timeOnBlur('1829', 'end')).toBe('18:15');
    expect(timeOnBlur('23:50', 'start')).toBe('23:50');
    expect(timeOnBlur('25:00', 'end')).toBe('25:00');
  });
});

describe('month choices', () => {
  // 2025-01-31 20:00 UTC is already 1 February in Japan.
  const now = Date.UTC(2025, 0, 31, 20);

  it('takes the month of Japan', () => {
    expect(tokyoMonth(now)).toEqual({ year: 2025, month: 2 });
  });

  it('offers the current and the previous month, and the chosen one when it is another', () => {
    expect(monthChoices({ year: 2025, month: 1 }, now)).toEqual([
      { year: 2025, month: 2 },
      { year: 2025, month: 1 },
    ]);
    expect(monthChoices({ year: 2024, month: 11 }, now)).toHaveLength(3);
    expect(monthChoices({ year: 2025, month: 1 }, Date.UTC(2025, 0, 10))).toEqual([
      { year: 2025, month: 1 },
      { year: 2024, month: 12 },
    ]);
  });
});
