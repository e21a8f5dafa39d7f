import { describe, expect, it } from 'vitest';
import { ATTENDANCE_DAY_TYPES, labelOf, RESIDENCE_STATUSES } from './codes.ts';
import { COUNTRIES } from './countries.ts';

describe('lookup lists', () => {
  it('lists Japan first and China second, then every other country once', () => {
    expect(COUNTRIES[0]).toEqual({ value: '392', label: '日本' });
    expect(COUNTRIES[1]?.value).toBe('156');
    const values = COUNTRIES.map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBeGreaterThan(240);
  });

  it('labels a code and falls back to the code when unknown', () => {
    expect(labelOf(ATTENDANCE_DAY_TYPES, '05')).toBe('休日出勤');
    expect(labelOf(RESIDENCE_STATUSES, '90')).toBe('日本籍');
    expect(labelOf(RESIDENCE_STATUSES, '77')).toBe('77');
  });
});
