// One employee's 年次有給休暇管理簿 of a year for /vacations (issue 35): the register's grants and dates
// (paid-leave-register.ts), with what is left of each grant, the five-day obligation it started and the
// grant job's judgement of each 基準日 in the year, so the employee reads why a grant came or did not.
import { eq } from 'drizzle-orm';
import type { TPaidLeaveYear } from '@portal/shared/contracts/vacations';
import { allocateLeave, obligationOf } from '@portal/shared/paid-leave/balance';
import { usesOf } from '@portal/shared/paid-leave/split';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { employeeNameOf } from '../people/display-names.ts';
import { grantDecisionsOf } from './grant-decisions.ts';
import { loadPaidLeaveRows } from './paid-leave-ledger.ts';
import { registerYear } from './paid-leave-register.ts';
import { leaveOwner } from './vacations.service.ts';

/** GET paid-vacation/year/{year}/: the caller's own year, or `?employee=`'s for those who may see them. */
export async function paidLeaveYear({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { year: number; employee?: number };
}): Promise<TPaidLeaveYear> {
  const owner = await leaveOwner(ctx, input.employee);
  const [person] = await ctx.db
    .select({ code: employees.code, lastName: employees.lastName, firstName: employees.firstName })
    .from(employees)
    .where(eq(employees.id, owner.id));
  const { grants, pieces } = await loadPaidLeaveRows(ctx.db, owner.id);
  const uses = [...pieces.values()].flatMap(usesOf);
  const { shown, taken_days, dates } = registerYear(
    allocateLeave(grants, uses).grants,
    pieces.values(),
    input.year,
  );
  const decisions = await grantDecisionsOf(ctx.db, owner.id);
  return {
    year: input.year,
    code: person!.code,
    name: employeeNameOf(person!),
    grants: shown.map((g) => {
      const obligation = obligationOf(g, uses);
      return {
        granted_on: g.granted_on,
        expires_on: g.expires_on,
        days: g.days,
        used_days: g.used_days,
        remaining_days: g.remaining_days,
        obligation: obligation && {
          required_days: obligation.required_days,
          taken_days: obligation.taken_days,
          deadline: obligation.deadline,
        },
      };
    }),
    taken_days,
    dates,
    decisions: decisions.filter((d) => d.granted_on.startsWith(`${input.year}-`)),
  };
}
