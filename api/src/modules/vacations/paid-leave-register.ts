// The 年次有給休暇管理簿 (労働基準法施行規則 第24条の7): for each member of an organisation, the 基準日,
// the days granted and the dates of paid leave taken, for a calendar year. One row per grant made in
// the year (or the grant running into it when none was made in it); the dates are the pieces of each
// leave in the year, cut at the 基準日 (shared/paid-leave/split.ts). HR downloads it as .xlsx.
import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { organizations, positions } from '../../db/schema/organizations.ts';
import { NotFound } from '../../errors.ts';
import type { TGrantRow } from '@portal/shared/paid-leave/balance';
import type { TLeavePiece } from '@portal/shared/paid-leave/split';
import { loadPaidLeaveRows } from './paid-leave-ledger.ts';

export interface TRegisterRow {
  /** Whose row: for the access log, not a column. */
  readonly employee_id: number;
  readonly code: string;
  readonly name: string;
  /** 基準日; null when the member has no grant yet. */
  readonly granted_on: string | null;
  readonly granted_days: number | null;
  readonly taken_days: number;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD〜YYYY-MM-DD', with half days marked. */
  readonly dates: string[];
}

export const REGISTER_HEADERS = ['社員番号', '氏名', '基準日', '付与日数', '取得日数', '取得日'] as const;

/** The register's rows for the members of `organizationId` in `year`. */
export async function registerRows(db: Db, year: number, organizationId: number): Promise<TRegisterRow[]> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw new NotFound();
  const members = await db
    .selectDistinct({
      id: employees.id,
      code: employees.code,
      lastName: employees.lastName,
      firstName: employees.firstName,
    })
    .from(positions)
    .innerJoin(employees, eq(employees.id, positions.employeeId))
    .where(eq(positions.organizationId, organizationId))
    .orderBy(asc(employees.code));
  const rows: TRegisterRow[] = [];
  for (const member of members) rows.push(...(await memberRows(db, member, year)));
  return rows;
}

type TMember = { id: number; code: string; lastName: string; firstName: string };

/** The grants the register shows for `year` (made in it, else the one running into it) and the leave taken in it. */
export function registerYear<G extends TGrantRow>(
  grants: readonly G[],
  pieces: Iterable<readonly TLeavePiece[]>,
  year: number,
): { shown: G[]; taken_days: number; dates: string[] } {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const sorted = [...grants].sort((a, b) => (a.granted_on < b.granted_on ? -1 : 1));
  const inYear = sorted.filter((g) => g.granted_on >= first && g.granted_on <= last);
  const shown = inYear.length
    ? inYear
    : sorted.filter((g) => g.granted_on < first && g.expires_on > first).slice(-1);
  const taken = [...pieces]
    .flat()
    .filter((p) => p.start_date >= first && p.start_date <= last)
    .sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
  const dates = taken.map((p) => {
    const span = p.start_date === p.end_date ? p.start_date : `${p.start_date}〜${p.end_date}`;
    return p.days % 1 !== 0 ? `${span}（半日含む）` : span;
  });
  return { shown, taken_days: taken.reduce((sum, p) => sum + p.days, 0), dates };
}

/** One member's rows of the register for `year`. */
export async function memberRows(db: Db, member: TMember, year: number): Promise<TRegisterRow[]> {
  const { grants, pieces } = await loadPaidLeaveRows(db, member.id);
  const { shown, taken_days, dates } = registerYear(grants, pieces.values(), year);
  const base = {
    employee_id: member.id,
    code: member.code,
    name: `${member.lastName} ${member.firstName}`,
    taken_days,
    dates,
  };
  if (shown.length === 0) return [{ ...base, granted_on: null, granted_days: null }];
  return shown.map((g) => ({ ...base, granted_on: g.granted_on, granted_days: g.days }));
}

/** One employee's register for `year`; 404 for an unknown id. */
export async function employeeRegister(db: Db, employeeId: number, year: number): Promise<TRegisterRow[]> {
  const [member] = await db
    .select({
      id: employees.id,
      code: employees.code,
      lastName: employees.lastName,
      firstName: employees.firstName,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!member) throw new NotFound();
  return memberRows(db, member, year);
}

/** The register as an .xlsx workbook. */
export async function registerWorkbook(
  year: number,
  orgName: string,
  rows: readonly TRegisterRow[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(`${year}年`);
  sheet.addRow([`年次有給休暇管理簿 ${year}年 ${orgName}`]).font = { bold: true };
  sheet.addRow([...REGISTER_HEADERS]).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      r.code,
      r.name,
      r.granted_on ?? '',
      r.granted_days ?? '',
      r.taken_days,
      r.dates.join('、'),
    ]);
  }
  sheet.columns.forEach((c, i) => (c.width = [12, 16, 12, 10, 10, 60][i]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function organizationName(db: Db, id: number): Promise<string> {
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  if (!org) throw new NotFound();
  return org.name;
}
