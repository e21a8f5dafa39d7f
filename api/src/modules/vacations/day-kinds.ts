// The recorded kind of each day, for the 80 % condition (shared/paid-leave/attendance-rate.ts): the
// attendance day type of the latest submitted version of the month (the draft when none was submitted),
// else the approved leave that covers the date. A date without either has no kind.
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TDayKind } from '@portal/shared/paid-leave/attendance-rate';
import type { TVacationCategory } from '@portal/shared/workflow/codes';
import { ATTENDANCE_DAY_TYPES } from '@portal/shared/codes';
import { addDays } from '@portal/shared/paid-leave/schedule';
import type { Db } from '../../db/client.ts';
import { attendanceDrafts, attendanceVersions, type TAttendanceData } from '../../db/schema/attendance.ts';
import { vacations } from '../../db/schema/vacations.ts';

/** The leave categories as day kinds: 特別休暇 and 慶弔休暇 are the company's, counted as worked. */
const VACATION_KIND: Readonly<Record<TVacationCategory, TDayKind>> = {
  '01': '03',
  '02': 'special_leave',
  '03': 'special_leave',
  '04': '04',
  '05': 'unpaid_absence',
};

const CODES = new Set<string>(ATTENDANCE_DAY_TYPES.map((t) => t.value));

/** A month's recorded kinds (day index 0 is the 1st); the in-house tab wins over the on-site one. */
function daysOf(year: number, month: number, data: TAttendanceData): Map<string, TDayKind> {
  const kinds = new Map<string, TDayKind>();
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  for (const tab of [data.second, data.first]) {
    tab.days.forEach((day, i) => {
      if (CODES.has(day.type)) kinds.set(addDays(first, i), day.type as TDayKind);
    });
  }
  return kinds;
}

/** Day kinds by employee id, then by date, over [from, to]. */
export async function loadDayKinds(
  db: Db,
  employeeIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Map<string, TDayKind>>> {
  const result = new Map<number, Map<string, TDayKind>>();
  if (employeeIds.length === 0) return result;
  const of = (id: number) => {
    let map = result.get(id);
    if (!map) result.set(id, (map = new Map()));
    return map;
  };
  const fromMonth = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7));
  const toMonth = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7));
  const inRange = (year: number, month: number) => {
    const index = year * 12 + month;
    return index >= fromMonth && index <= toMonth;
  };
  const ids = [...employeeIds];
  const leave = await db
    .select({
      employeeId: vacations.employeeId,
      category: vacations.category,
      startDate: vacations.startDate,
      endDate: vacations.endDate,
    })
    .from(vacations)
    .where(
      and(inArray(vacations.employeeId, ids), lte(vacations.startDate, to), gte(vacations.endDate, from)),
    );
  for (const v of leave) {
    for (let d = v.startDate; d <= v.endDate; d = addDays(d, 1))
      of(v.employeeId).set(d, VACATION_KIND[v.category]);
  }
  const drafts = await db
    .select({
      employeeId: attendanceDrafts.employeeId,
      year: attendanceDrafts.year,
      month: attendanceDrafts.month,
      data: attendanceDrafts.data,
    })
    .from(attendanceDrafts)
    .where(
      and(
        inArray(attendanceDrafts.employeeId, ids),
        // Only the months of the range: a person's other months are read for nothing (at 50,000
        // people, every month of everyone is hundreds of MB of JSON).
        sql`${attendanceDrafts.year} * 12 + ${attendanceDrafts.month} between ${fromMonth} and ${toMonth}`,
      ),
    );
  const versions = await db
    .select({
      id: attendanceVersions.id,
      employeeId: attendanceVersions.employeeId,
      year: attendanceVersions.year,
      month: attendanceVersions.month,
      data: attendanceVersions.data,
    })
    .from(attendanceVersions)
    .where(
      and(
        inArray(attendanceVersions.employeeId, ids),
        sql`${attendanceVersions.year} * 12 + ${attendanceVersions.month} between ${fromMonth} and ${toMonth}`,
      ),
    )
    .orderBy(attendanceVersions.id);
  // The latest version of a month wins over older ones and over the draft.
  const months = new Map<
    string,
    { employeeId: number; year: number; month: number; data: TAttendanceData }
  >();
  for (const row of [...drafts, ...versions]) {
    if (inRange(row.year, row.month)) months.set(`${row.employeeId}:${row.year}:${row.month}`, row);
  }
  for (const { employeeId, year, month, data } of months.values()) {
    for (const [date, kind] of daysOf(year, month, data)) of(employeeId).set(date, kind);
  }
  return result;
}
