// One person as the console shows them: the row of the list, their contracts and positions, the
// requests awaiting them, and what the caller may do to them (the account rule, account-guard.ts),
// so the console offers only what the server allows.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  TAdminOpenRequest,
  TAdminPendingApproval,
  TAdminPerson,
  TAdminPersonRow,
} from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { contracts, employees } from '../../../db/schema/employees.ts';
import { users } from '../../../db/schema/users.ts';
import { NotFound } from '../../../errors.ts';
import { employeeName, userDisplayName } from '../../people/display-names.ts';
import { refusalToActOn, refusalToAppointHead } from '../account-guard.ts';
import { grantDecisionsOf } from '../../vacations/grant-decisions.ts';
import { activeHold } from './legal-hold.ts';

/** The aliases the raw queries below name their tables by. */
export const e = alias(employees, 'e');
const applicant = alias(users, 'au');
const applicantEmployee = alias(employees, 'ae');

export const ROW_COLUMNS = sql`e.id, e.code, ${employeeName(e)} as name,
  trim(e.last_name_kana || ' ' || e.first_name_kana) as kana, u.username, u.id as user_id,
  coalesce(u.is_active, false) as is_active, mo.name as organization, mp.title`;

export const ROW_FROM = sql`from employees e
  left join users u on u.id = e.user_id
  left join lateral (
    select p.organization_id, p.title from positions p where p.employee_id = e.id
    order by p.is_part_time, p.id limit 1
  ) mp on true
  left join organizations mo on mo.id = mp.organization_id`;

async function pendingApprovals(db: Db, userId: number | null): Promise<TAdminPendingApproval[]> {
  if (userId === null) return [];
  return queryRows<TAdminPendingApproval>(
    db,
    sql`select t.id as task_id, w.name as title, n.name as node_name,
        ${userDisplayName(applicant, applicantEmployee)} as applicant
      from task_awaiting a
      join tasks t on t.id = a.task_id
      join task_nodes n on n.id = a.task_node_id
      join workflows w on w.id = t.workflow_id
      join users au on au.id = t.applicant_id
      left join employees ae on ae.user_id = au.id
      where a.user_id = ${userId}
      order by t.id`,
  );
}

/** The person's own open requests (申請中 01, 差戻し 02): what deactivating asks about (issue 34). */
async function openRequests(db: Db, userId: number | null): Promise<TAdminOpenRequest[]> {
  if (userId === null) return [];
  const rows = await queryRows<Omit<TAdminOpenRequest, 'created_at'> & { created_at: Date | string }>(
    db,
    sql`select t.id as task_id, w.name as title, t.status, t.created_at
      from tasks t join workflows w on w.id = t.workflow_id
      where t.applicant_id = ${userId} and t.status in ('01', '02')
      order by t.id`,
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

type Position = Omit<TAdminPerson['positions'][number], 'can_remove'>;

/**
 * Whether the caller may remove the position: never the last one, and a head's only where the caller
 * may unmake that head (remove-position.ts runs the same check).
 */
async function mayRemove(ctx: RequestContext, db: Db, position: Position, count: number): Promise<boolean> {
  if (count <= 1) return false;
  if (!position.is_head) return true;
  const refusal = await refusalToAppointHead(ctx, db, {
    organizationId: position.organization_id,
    employeeId: null,
    field: 'id',
  });
  return refusal === null;
}

/** The person as the caller sees them: with what the account rule lets the caller do (`allowed`). */
export async function findPerson(db: Db, id: number, ctx: RequestContext): Promise<TAdminPerson> {
  const [row] = await queryRows<
    TAdminPersonRow & {
      last_name: string;
      first_name: string;
      last_name_kana: string;
      first_name_kana: string;
      email: string;
      must_change_password: boolean | null;
      is_staff: boolean | null;
      is_superuser: boolean | null;
      lark_bound: boolean;
      residence: string;
      residence_expiry: string | null;
      left_on: string | null;
    }
  >(
    db,
    sql`select ${ROW_COLUMNS}, e.last_name, e.first_name, e.last_name_kana, e.first_name_kana, e.email,
        e.residence_status as residence, e.residence_expiry::text as residence_expiry,
        e.left_on::text as left_on,
        u.must_change_password, u.is_staff, u.is_superuser,
        exists (select 1 from lark_bindings b where b.user_id = u.id) as lark_bound
      ${ROW_FROM} where e.id = ${id}`,
  );
  if (!row) throw new NotFound();
  const contractRows = await db
    .select({
      id: contracts.id,
      start_date: contracts.startDate,
      end_date: contracts.endDate,
      work_start_time: contracts.workStartTime,
      work_end_time: contracts.workEndTime,
    })
    .from(contracts)
    .where(eq(contracts.employeeId, id))
    .orderBy(contracts.startDate);
  const positionRows = await queryRows<Position>(
    db,
    sql`select p.id, p.organization_id, o.name as organization, p.title, p.is_part_time,
        (o.head_employee_id = p.employee_id) as is_head
      from positions p join organizations o on o.id = p.organization_id
      where p.employee_id = ${id} order by p.is_part_time, p.id`,
  );
  const positions: TAdminPerson['positions'] = [];
  for (const p of positionRows) {
    const position = { ...p, is_head: p.is_head === true };
    positions.push({ ...position, can_remove: await mayRemove(ctx, db, position, positionRows.length) });
  }
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kana: row.kana,
    username: row.username,
    user_id: row.user_id,
    is_active: row.is_active,
    organization: row.organization,
    title: row.title,
    last_name: row.last_name,
    first_name: row.first_name,
    last_name_kana: row.last_name_kana,
    first_name_kana: row.first_name_kana,
    email: row.email,
    must_change_password: row.must_change_password === true,
    is_staff: row.is_staff === true,
    is_superuser: row.is_superuser === true,
    lark_bound: row.lark_bound,
    contracts: contractRows.map((c) => ({
      ...c,
      work_start_time: c.work_start_time.slice(0, 5),
      work_end_time: c.work_end_time.slice(0, 5),
    })),
    positions,
    pending_approvals: await pendingApprovals(db, row.user_id),
    residence: row.residence,
    residence_expiry: row.residence_expiry,
    left_on: row.left_on,
    open_requests: await openRequests(db, row.user_id),
    legal_hold: (await activeHold(db, row.id)).hold,
    paid_leave_decisions: await grantDecisionsOf(db, row.id),
    allowed: {
      account: (await refusalToActOn(ctx, db, { employeeId: row.id, userId: row.user_id })) === null,
    },
  };
}
