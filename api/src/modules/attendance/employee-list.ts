// GET /api/attendance/employees/?year=&month=&organization=&query=&page= — the list behind
// /employee/attendance/{id}: the employees the caller may see (employee.view_attendance: all;
// employee.view_attendance_org_only: their own organisations and below), each with the month's
// status and, once submitted, the merged totals of the latest version. Without either permission: 403.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  TAttendanceEmployeeListItem,
  TAttendanceEmployeeListQuery,
  TAttendanceMonthStatus,
} from '@portal/shared/contracts/attendance';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { RequestContext } from '../../context.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { employeeScope, inCallersOrgs } from '../../employee-scope.ts';
import { PermissionDenied } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { employeeName } from '../people/display-names.ts';
import { monthStatusName } from './my-month.ts';

/** The employees table as `e` in the SQL below. */
const e = alias(employees, 'e');

interface Row {
  employee_id: number;
  employee_code: string;
  employee_name: string;
  org_name: string | null;
  task_id: number | null;
  task_status: string | null;
  submitted_at: Date | string | null;
  has_draft: boolean;
  total_work_time: number | null;
  over_time: number | null;
}

export async function listAttendanceEmployees({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TAttendanceEmployeeListQuery;
}): Promise<{ count: number; results: TAttendanceEmployeeListItem[] }> {
  const scope = await employeeScope(ctx);
  if (scope === 'none') throw new PermissionDenied();
  const { year, month } = input;
  const conditions = [sql`true`];
  if (scope === 'org') conditions.push(inCallersOrgs(sql`e.id`, ctx.user.id));
  if (input.organization)
    conditions.push(sql`exists (
      with recursive sub(id, depth) as (
        select ${input.organization}::int, 0
        union all select o.id, s.depth + 1 from organizations o join sub s on o.parent_id = s.id where s.depth < 20)
      select 1 from positions fp where fp.employee_id = e.id and fp.organization_id in (select id from sub))`);
  if (input.query) {
    const like = `%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(e.code ilike ${like} or (e.last_name || e.first_name) ilike ${like}
      or (${employeeName(e)}) ilike ${like}
      or (e.last_name_kana || e.first_name_kana) ilike ${like})`);
  }
  const where = sql.join(conditions, sql` and `);

  const counted = await queryRows<{ count: number }>(
    ctx.db,
    sql`select count(*)::int as count from employees e where ${where}`,
  );
  const rows = await queryRows<Row>(
    ctx.db,
    sql`
    select e.id as employee_id, e.code as employee_code, ${employeeName(e)} as employee_name,
      (select o.name from positions p join organizations o on o.id = p.organization_id
        where p.employee_id = e.id order by p.is_part_time, p.id limit 1) as org_name,
      r.task_id, r.task_status, r.submitted_at,
      exists (select 1 from attendance_drafts d where d.employee_id = e.id and d.year = ${year}
        and d.month = ${month}) as has_draft,
      (r.result -> 'merged' -> 'totals' ->> 'total_work_time')::int as total_work_time,
      (r.result -> 'merged' -> 'totals' ->> 'over_time')::int as over_time
    from employees e
    left join lateral (
      select t.id as task_id, t.status as task_status, t.created_at as submitted_at, v.result
      from attendance_versions v join tasks t on t.id = v.task_id
      where v.employee_id = e.id and v.year = ${year} and v.month = ${month}
        and t.status in ('01', '02', '90')
      order by t.id desc, v.version desc limit 1) r on true
    where ${where}
    order by e.code
    limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );

  return {
    count: Number(counted[0]?.count ?? 0),
    results: rows.map((r) => {
      const status: TAttendanceMonthStatus = r.task_status
        ? (r.task_status as TAttendanceMonthStatus)
        : r.has_draft
          ? 'draft'
          : 'none';
      return {
        employee_id: Number(r.employee_id),
        employee_code: r.employee_code,
        employee_name: r.employee_name,
        org_name: r.org_name,
        status,
        status_name: monthStatusName(status),
        task_id: r.task_id === null ? null : Number(r.task_id),
        submitted_at: r.submitted_at === null ? null : new Date(r.submitted_at).toISOString(),
        total_work_time: r.total_work_time === null ? null : Number(r.total_work_time),
        over_time: r.over_time === null ? null : Number(r.over_time),
      };
    }),
  };
}
