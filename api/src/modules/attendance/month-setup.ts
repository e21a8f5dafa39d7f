// What a month of one employee starts from: the calendar (national holidays + the company calendar),
// the contract's hours and end, the leave of the month, and the form's defaults built from them by the
// shared form rules (spec §4.4).
import { and, desc, eq, lte } from 'drizzle-orm';
import {
  applyLeavePeriods,
  lockDaysAfterContractEnd,
  lockHolidays,
} from '@portal/shared/attendance/form-rules';
import { createAttendanceForm, type TContractTimes } from '@portal/shared/attendance/form-state';
import type { TAttendanceSettings } from '@portal/shared/attendance/schema';
import { monthBounds } from '@portal/shared/attendance/dates';
import { businessDays, monthCalendar } from '@portal/shared/calendar/business-days';
import type { TVacation } from '@portal/shared/contracts/vacations';
import { tableCache } from '../../cache/table-cache.ts';
import type { Db } from '../../db/client.ts';
import type { TAttendanceData } from '../../db/schema/attendance.ts';
import { contracts, employees } from '../../db/schema/employees.ts';
import { loadMonthCalendarSettings } from '../calendar/calendar.repository.ts';
import { employeeName } from '../people/display-names.ts';
import { listVacationsBetween } from '../vacations/vacations.repository.ts';

export interface EmployeeRef {
  readonly id: number;
  readonly userId: number | null;
  readonly code: string;
  readonly name: string;
}

export interface MonthSetup {
  readonly year: number;
  readonly month: number;
  readonly calendar: Record<string, 'work' | 'nonlegal' | 'legal'>;
  readonly businessDays: string[];
  readonly contract: { first: TContractTimes; second: TContractTimes; endDate: string | null };
  readonly vacations: TVacation[];
}

const DEFAULT_CONTRACT: TContractTimes = { start: '09:00', end: '18:00' };

const employeeColumns = {
  id: employees.id,
  userId: employees.userId,
  code: employees.code,
  name: employeeName(employees),
};

// What every month's form and submission reads again: each kept until its table changes.
const employeesOfUsers = tableCache<EmployeeRef | null>(['employees'], 20_000);
const monthContracts = tableCache<MonthSetup['contract']>(['contracts'], 20_000);
const monthLeave = tableCache<TVacation[]>(['vacations'], 20_000);

export function findEmployeeOfUser(db: Db, userId: number): Promise<EmployeeRef | null> {
  return employeesOfUsers.read(db, String(userId), async () => {
    const [row] = await db.select(employeeColumns).from(employees).where(eq(employees.userId, userId));
    return row ?? null;
  });
}

export async function findEmployee(db: Db, employeeId: number): Promise<EmployeeRef | null> {
  const [row] = await db.select(employeeColumns).from(employees).where(eq(employees.id, employeeId));
  return row ?? null;
}

/** The contract in force during the month: the latest one starting by the month's end. */
function monthContract(db: Db, employeeId: number, last: string) {
  return monthContracts.read(db, `${employeeId} ${last}`, () => readMonthContract(db, employeeId, last));
}

async function readMonthContract(db: Db, employeeId: number, last: string): Promise<MonthSetup['contract']> {
  const [row] = await db
    .select({ start: contracts.workStartTime, end: contracts.workEndTime, endDate: contracts.endDate })
    .from(contracts)
    .where(and(eq(contracts.employeeId, employeeId), lte(contracts.startDate, last)))
    .orderBy(desc(contracts.startDate))
    .limit(1);
  if (!row) return { first: DEFAULT_CONTRACT, second: DEFAULT_CONTRACT, endDate: null };
  // PostgreSQL's time comes back as HH:MM:SS.
  const times = { start: row.start.slice(0, 5), end: row.end.slice(0, 5) };
  return { first: times, second: times, endDate: row.endDate };
}

export async function loadMonthSetup(
  db: Db,
  employeeId: number,
  year: number,
  month: number,
): Promise<MonthSetup> {
  const { first, last } = monthBounds(year, month);
  // One after another: `db` may be a transaction, whose one connection takes one query at a time.
  const settings = await loadMonthCalendarSettings(db, year, month);
  const contract = await monthContract(db, employeeId, last);
  const leave = await monthLeave.read(db, `${employeeId} ${first}`, () =>
    listVacationsBetween(db, employeeId, first, last),
  );
  return {
    year,
    month,
    calendar: monthCalendar(year, month, settings),
    businessDays: businessDays(year, month, settings),
    contract,
    vacations: leave,
  };
}

/**
 * A tab's default settings from the contract's hours: lunch 12:00–13:00, early work from 05:00 to the
 * start, overtime from the end to 22:00, night 22:00–05:00 (労働基準法 §37).
 */
export function defaultSettings(contract: TContractTimes): TAttendanceSettings {
  return {
    work_start_time: contract.start,
    work_end_time: contract.end,
    lunch_start_time: '12:00',
    lunch_end_time: '13:00',
    breaks: [],
    early_start: '05:00',
    early_end: contract.start,
    start_overtime: contract.end,
    end_overtime: '22:00',
    late_start: '22:00',
    late_end_time: '05:00',
  };
}

/** The month as a new form: empty days, holidays and days after the contract locked, paid leave filled in. */
export function defaultData(setup: MonthSetup): TAttendanceData {
  let form = createAttendanceForm(setup.year, setup.month);
  form = lockDaysAfterContractEnd(form, setup.contract.endDate);
  form = lockHolidays(form, setup.calendar);
  form = applyLeavePeriods(form, setup.vacations, setup.calendar, setup.contract);
  return {
    first: { settings: defaultSettings(setup.contract.first), days: form.first },
    second: { settings: defaultSettings(setup.contract.second), days: form.second },
    remark: '',
    default_input: false,
  };
}
