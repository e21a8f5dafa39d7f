// GET /api/approvers/choice/?query=: active users with an employee record, for approver, proxy and
// autocomplete selects; matched on name, kana, username or employee code; at most 300 (spec §5).
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { TChoice, TChoiceQuery } from '@portal/shared/contracts/choices';
import { MULTI_SELECT } from '@portal/shared/limits';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { users } from '../../db/schema/users.ts';

export async function approverChoices({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TChoiceQuery;
}): Promise<TChoice[]> {
  const words = (input.query ?? '').normalize('NFKC').split(/\s+/).filter(Boolean);
  const like = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await ctx.db
    .select({
      id: users.id,
      lastName: employees.lastName,
      firstName: employees.firstName,
      code: employees.code,
    })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        ...words.map((word) =>
          or(
            ilike(employees.lastName, like(word)),
            ilike(employees.firstName, like(word)),
            ilike(employees.lastNameKana, like(word)),
            ilike(employees.firstNameKana, like(word)),
            ilike(users.username, like(word)),
            ilike(employees.code, like(word)),
          ),
        ),
      ),
    )
    .orderBy(asc(employees.code))
    .limit(MULTI_SELECT.maxOptions);
  return rows.map((r) => ({ value: r.id, text: `${r.lastName} ${r.firstName}（${r.code}）` }));
}
