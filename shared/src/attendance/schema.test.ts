import { describe, expect, it } from 'vitest';
import { computeAttendance } from './compute.ts';
import { ZAttendanceForm } from './form-state.ts';
import { createAttendanceForm } from './form-state.ts';
import { ZAttendanceInput } from './input.ts';
import { ZAttendanceResult } from './schema.ts';
import { aprilInput, day } from './test-month.ts';

function issuesOf(value: unknown) {
  const parsed = ZAttendanceInput.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

describe('ZAttendanceInput', () => {
  it('accepts a month whose days have problems: those are the days’ errors, not the request’s', () => {
    const input = aprilInput([day('2025-04-07', '99', ['25:00', 'x'])]);
    expect(ZAttendanceInput.parse(input)).toStrictEqual(input);
    expect(computeAttendance(input).days[0]?.error).toBe('E_TYPE');
  });

  it('refuses what computeAttendance would throw for, at the same path', () => {
    const outside = aprilInput([day('2025-05-01', '02')]);
    expect(issuesOf(outside)).toStrictEqual([{ path: ['days', 0, 'date'], message: expect.any(String) }]);
    const twice = aprilInput([day('2025-04-07', '02'), day('2025-04-07', '02')]);
    expect(issuesOf(twice).map((i) => i.path)).toStrictEqual([['days', 1, 'date']]);
    const backwards = aprilInput([], { work_start_time: '18:00', work_end_time: '09:00' });
    expect(issuesOf(backwards).map((i) => i.path)).toStrictEqual([['settings', 'work_end_time']]);
  });

  it('names every settings time that is not a time', () => {
    const input = aprilInput([], { early_start: '5', late_end_time: '29:00' });
    expect(issuesOf(input).map((i) => i.path)).toStrictEqual([
      ['settings', 'early_start'],
      ['settings', 'late_end_time'],
    ]);
  });

  it('refuses more than five break periods', () => {
    const breaks = Array.from({ length: 6 }, () => ({ start: '15:00', end: '15:10' }));
    expect(issuesOf(aprilInput([], { breaks })).map((i) => i.path)).toStrictEqual([['settings', 'breaks']]);
  });
});

describe('ZAttendanceResult', () => {
  it('describes what computeAttendance returns', () => {
    const result = computeAttendance(
      aprilInput([day('2025-04-07', '03', ['13:00', '18:00']), day('2025-04-08', '01')]),
    );
    expect(ZAttendanceResult.parse(result)).toStrictEqual(result);
  });
});

describe('ZAttendanceForm', () => {
  it('describes the form data the rules work on', () => {
    const form = createAttendanceForm(2025, 4);
    expect(ZAttendanceForm.parse(form)).toStrictEqual(form);
  });
});
