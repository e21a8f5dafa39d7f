import { describe, expect, it } from 'vitest';
import { tokyoDate } from './dates.ts';

describe('tokyoDate', () => {
  it('turns the day at midnight in Tokyo, whichever instant was asked before', () => {
    const cases: [string, string][] = [
      ['2026-11-27T14:59:59.999Z', '2026-11-27'],
      ['2026-11-27T15:00:00.000Z', '2026-11-28'],
      // Back across the edge after the later day was remembered.
      ['2026-11-27T14:59:59.999Z', '2026-11-27'],
      ['2026-11-28T14:59:59.999Z', '2026-11-28'],
      ['2026-12-31T15:00:00.000Z', '2027-01-01'],
      ['2024-02-28T15:00:00.000Z', '2024-02-29'],
      ['1999-12-31T14:59:59.999Z', '1999-12-31'],
    ];
    for (const [instant, date] of cases) expect(tokyoDate(new Date(instant)), instant).toBe(date);
  });
});
