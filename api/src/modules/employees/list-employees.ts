// GET employees/: the organisation chart's people, by organisation (and those below it) and by a search
// on name, kana in either script and 社員番号; 10 a page. A 兼務 shows in each of their organisations.
import { sql } from 'drizzle-orm';
import type { TEmployeeCard, TEmployeesQuery } from '@portal/shared/contracts/employees';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { RequestContext } from '../../context.ts';
import { queryRows } from '../../db/query-rows.ts';
import { pageOffset } from '../../pagination.ts';
import { matchesPerson, searchKey } from '../people/person-search.ts';
import { LISTED_PERSON } from './directory-sql.ts';

export async function listEmployees({ ctx, input }: { ctx: RequestContext; input: TEmployeesQuery }) {
  const conditions = [LISTED_PERSON];
  const text = input.query === undefined ? '' : searchKey(input.query);
  if (text) {
    conditions.push(matchesPerson(text));
  }
  const orgFilter =
    input.organization === undefined
      ? undefined
      : input.below === '1'
        ? sql`with recursive tree(id) as (
            select id from organizations where id = ${input.organization} and closed_at is null
            union all
            select o.id from organizations o join tree t on o.parent_id = t.id where o.closed_at is null
          ) select id from tree`
        : sql`select id from organizations where id = ${input.organization} and closed_at is null`;
  if (orgFilter)
    conditions.push(
      sql`exists (select 1 from positions p where p.employee_id = e.id and p.organization_id in (${orgFilter}))`,
    );
  const where = sql.join(conditions, sql` and `);
  const from = sql`from employees e join users u on u.id = e.user_id`;

  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n ${from} where ${where}`,
  );
  // Within an organisation its head comes first; else by kana, then 社員番号.
  const headFirst =
    input.organization === undefined
      ? sql``
      : // Uncorrelated: the head is looked up once, not once per row.
        sql`coalesce(e.id = (select h.head_employee_id from organizations h where h.id = ${input.organization}), false) desc,`;
  const results = await queryRows<TEmployeeCard>(
    ctx.db,
    sql`select e.id, e.code, e.last_name || ' ' || e.first_name as name,
        trim(e.last_name_kana || ' ' || e.first_name_kana) as kana, e.email,
        coalesce((
          select json_agg(json_build_object(
            'organization_id', o.id, 'organization', o.name, 'title', p.title,
            'is_head', coalesce(o.head_employee_id = e.id, false), 'is_part_time', p.is_part_time
          ) order by p.is_part_time, p.id)
          from positions p join organizations o on o.id = p.organization_id
          where p.employee_id = e.id and o.closed_at is null
        ), '[]'::json) as positions,
        lb.open_id as lark_open_id
      ${from}
      left join lark_bindings lb on lb.user_id = u.id
      where ${where}
      order by ${headFirst} e.last_name_kana, e.first_name_kana, e.code
      limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  return { count: Number(total?.n ?? 0), results };
}
