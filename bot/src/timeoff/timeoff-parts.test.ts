// Issue 36, part 3: the time-off events of a vacation — whole days as one all-day event (end date
// inclusive), half days as timed events from the contract hours.
import { describe, expect, it } from 'vitest';
import { timeoffParts } from './timeoff-parts.ts';

const hours = { work_start: '09:00', work_end: '18:00' };
const at = (iso: string) => String(Date.parse(iso) / 1000);

describe('timeoffParts', () => {
  it('makes 2.5 days from an afternoon: one timed event and one all-day event', () => {
    expect(
      timeoffParts({
        start_date: '2031-01-15',
        end_date: '2031-01-17',
        is_start_half: true,
        is_end_half: false,
        ...hours,
      }),
    ).toEqual([
      {
        part: 'pm:2031-01-15',
        start_time: at('2031-01-15T14:00:00+09:00'),
        end_time: at('2031-01-15T18:00:00+09:00'),
      },
      { part: 'days', start_time: '2031-01-16', end_time: '2031-01-17' },
    ]);
  });

  it('ends with a morning, from the contract start', () => {
    expect(
      timeoffParts({
        start_date: '2031-01-15',
        end_date: '2031-01-16',
        is_start_half: false,
        is_end_half: true,
        work_start: '08:30',
        work_end: '17:30',
      }),
    ).toEqual([
      { part: 'days', start_time: '2031-01-15', end_time: '2031-01-15' },
      {
        part: 'am:2031-01-16',
        start_time: at('2031-01-16T08:30:00+09:00'),
        end_time: at('2031-01-16T12:30:00+09:00'),
      },
    ]);
  });

  it('makes one day all-day, a half day timed, and two half days no all-day event', () => {
    const day = { start_date: '2031-01-15', end_date: '2031-01-15', ...hours };
    expect(timeoffParts({ ...day, is_start_half: false, is_end_half: false })).toEqual([
      { part: 'days', start_time: '2031-01-15', end_time: '2031-01-15' },
    ]);
    expect(timeoffParts({ ...day, is_start_half: false, is_end_half: true })).toEqual([
      {
        part: 'am:2031-01-15',
        start_time: at('2031-01-15T09:00:00+09:00'),
        end_time: at('2031-01-15T13:00:00+09:00'),
      },
    ]);
    expect(
      timeoffParts({
        start_date: '2031-01-15',
        end_date: '2031-01-16',
        is_start_half: true,
        is_end_half: true,
        ...hours,
      }).map((p) => p.part),
    ).toEqual(['pm:2031-01-15', 'am:2031-01-16']);
  });
});
