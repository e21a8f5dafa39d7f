// Helpers of the attendance tests: a month as the API answers it, turned into the body the entry
// form sends, with days typed by day of the month.
import request from 'supertest';
import { expect } from 'vitest';
import { applyDefaultInput } from '@portal/shared/attendance/form-rules';
import type { TAttendanceFormDay } from '@portal/shared/attendance/form-state';
import {
  ZAttendanceMonth,
  type TAttendanceDraftInput,
  type TAttendanceMonth,
} from '@portal/shared/contracts/attendance';
import type { TestContext } from './test-context.ts';
import type { As } from './workflow-fixtures.ts';

/** The demo company's 勤怠報告 workflow (pinned id). */
export const ATTENDANCE_WORKFLOW_ID = 2;

export async function getMonth(t: TestContext, as: As, username: string, year: number, month: number) {
  const res = await request(t.app)
    .get(`/api/attendance/year/${year}/month/${month}/`)
    .set(await as(username));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZAttendanceMonth.parse(res.body);
}

/** The body of a save: what the form holds, nothing computed. */
export function draftOf(
  month: TAttendanceMonth,
): TAttendanceDraftInput & { first: { days: TAttendanceFormDay[] } } {
  return {
    first: { settings: month.first.settings, days: month.first.days.map((d) => ({ ...d })) },
    second: { settings: month.second.settings, days: month.second.days.map((d) => ({ ...d })) },
    remark: month.remark,
    default_input: month.default_input,
  };
}

/** The 'default attendance input' checkbox applied to the in-house tab. */
export function withDefaultInput(month: TAttendanceMonth) {
  const form = applyDefaultInput(
    { year: month.year, month: month.month, first: month.first.days, second: month.second.days },
    'first',
    month.calendar,
    month.contract.first,
  );
  const body = draftOf(month);
  body.first.days = form.first.map((d) => ({ ...d }));
  body.default_input = true;
  return body;
}

type Body = ReturnType<typeof draftOf>;

/** Sets one day (1-based) of a tab. */
export function setDay<B extends Body>(
  body: B,
  set: 'first' | 'second',
  day: number,
  value: Partial<TAttendanceFormDay>,
): B {
  const days = body[set].days as TAttendanceFormDay[];
  days[day - 1] = { ...days[day - 1]!, ...value };
  return body;
}

export function upload(filename: string, content: Buffer): string {
  return `name:${Buffer.from(filename, 'utf8').toString('base64')};${content.toString('base64')}`;
}
