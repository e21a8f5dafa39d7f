// The five-day obligation followed up (労働基準法 第39条第7項, issue 35): who is short of it on a day,
// with their organisation and head, for HR's list (GET paid-vacation/obligation/at-risk/) and for the
// reminders (obligation-reminder-job.ts). Only active users are followed; the days taken are the paid
// leave in the history (taken, or approved in advance) inside the obligation year.
import { asc, eq, sql } from 'drizzle-orm';
import type { TObligationAtRisk } from '@portal/shared/contracts/vacations';
import { daysLeftOf, type TObligation } from '@portal/shared/paid-leave/balance';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { organizations, positions } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { loadPaidLeaveLedgers } from './paid-leave-ledger.ts';

export interface AtRiskPerson extends TObligationAtRisk {
  readonly user_id: number;
  /** The head's active user, when there is one and it is not the person. */
  readonly head_user_id: number | null;
  readonly obligation: TObligation;
}

interface Head {
  readonly userId: number | null;
  readonly name: string;
}

/** The nearest head up the chain of `orgId` who is not `employeeId`. */
async function headOf(db: Db, orgId: number, employeeId: number): Promise<Head | null> {
  const [head] = await queryRows<{ user_id: number | null; name: string }>(
    db,
    sql`with recursive chain(id, parent_id, head_employee_id, depth) as (
        select id, parent_id, head_employee_id, 0 from organizations where id = ${orgId}
        union all
        select o.id, o.parent_id, o.head_employee_id, c.depth + 1
        from organizations o join chain c on o.id = c.parent_id where c.depth < 20
      )
      select u.id as user_id, e.last_name || ' ' || e.first_name as name
      from chain c
      join employees e on e.id = c.head_employee_id
      left join users u on u.id = e.user_id and u.is_active
      where c.head_employee_id <> ${employeeId}
      order by c.depth
      limit 1`,
  );
  return head ? { userId: head.user_id, name: head.name } : null;
}

/** Everyone short of a running obligation on `today`, fewest days left first (then by code). */
export async function obligationsAtRisk(db: Db, today: string): Promise<AtRiskPerson[]> {
  const ledgers = await loadPaidLeaveLedgers(db, today);
  const short = [...ledgers].filter(
    ([, l]) => l.obligation !== null && l.obligation.taken_days < l.obligation.required_days,
  );
  if (short.length === 0) return [];
  const people = await db
    .select({
      id: employees.id,
      code: employees.code,
      lastName: employees.lastName,
      firstName: employees.firstName,
      userId: users.id,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.isActive, true));
  const byId = new Map(people.map((p) => [p.id, p]));
  const mainOrg = new Map<number, { id: number; name: string }>();
  const posts = await db
    .select({ employeeId: positions.employeeId, orgId: organizations.id, name: organizations.name })
    .from(positions)
    .innerJoin(organizations, eq(organizations.id, positions.organizationId))
    .orderBy(asc(positions.isPartTime), asc(positions.id));
  for (const p of posts)
    if (!mainOrg.has(p.employeeId)) mainOrg.set(p.employeeId, { id: p.orgId, name: p.name });
  const list: AtRiskPerson[] = [];
  for (const [employeeId, ledger] of short) {
    const person = byId.get(employeeId);
    if (!person) continue;
    const obligation = ledger.obligation!;
    const org = mainOrg.get(employeeId);
    const head = org ? await headOf(db, org.id, employeeId) : null;
    list.push({
      employee_id: employeeId,
      code: person.code,
      name: `${person.lastName} ${person.firstName}`,
      organization: org?.name ?? null,
      head: head?.name ?? null,
      granted_on: obligation.granted_on,
      deadline: obligation.deadline,
      required_days: obligation.required_days,
      taken_days: obligation.taken_days,
      days_left: daysLeftOf(obligation, today),
      remaining_days: ledger.remaining_days,
      user_id: person.userId,
      head_user_id: head?.userId !== person.userId ? (head?.userId ?? null) : null,
      obligation,
    });
  }
  return list.sort((a, b) => a.days_left - b.days_left || a.code.localeCompare(b.code));
}
