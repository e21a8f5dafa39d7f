import { describe, expect, it } from 'vitest';
import {
  formatTime,
  isTime,
  parseTime,
  roundDown,
  roundUp,
  TIME_FORMAT_ERROR,
  TIME_RANGE_ERROR,
} from './time.ts';

describe('times of day', () => {
  it('reads H:MM and HH:MM as minutes since midnight', () => {
    expect(parseTime('0:00')).toBe(0);
    expect(parseTime('9:05')).toBe(545);
    expect(parseTime('09:05')).toBe(545);
    expect(parseTime('23:59')).toBe(1439);
  });

  it('tells a text that is no time from a time out of range', () => {
    for (const text of ['', '9', '9:5', '09:5', '109:00', '09-00', ' 9:00', 'a9:00', '09:0a', null, 900]) {
      expect(parseTime(text), String(text)).toBe(TIME_FORMAT_ERROR);
    }
    for (const text of ['24:00', '99:00', '12:60', '9:99'])
      expect(parseTime(text), text).toBe(TIME_RANGE_ERROR);
    expect(isTime('24:00')).toBe(false);
  });

  it('writes HH:MM, next-day minutes as their clock time', () => {
    expect(formatTime(545)).toBe('09:05');
    expect(formatTime(1440 + 120)).toBe('02:00');
  });

  it('rounds up and down to the quarter hour, leaving quarter hours alone', () => {
    expect(roundUp(541)).toBe(555);
    expect(roundUp(540)).toBe(540);
    expect(roundDown(1109)).toBe(1095);
    expect(roundDown(1440 + 5)).toBe(1440);
  });
});
