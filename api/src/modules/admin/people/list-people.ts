// GET admin/people/: search (name, kana, number, username, organisation), filter, sort and page.
import { sql, type SQL } from 'drizzle-orm';
import type { TAdminPersonRow } from '@portal/shared/contracts/admin';
import type { TPeopleSort } from '@portal/shared/contracts/admin-codes';
import type { TAdminPeopleQuery } from '@portal/shared/contracts/admin-queries';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { RequestContext } from '../../../context.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { pageOffset } from '../../../pagination.ts';
import { likePattern, matchesPerson, mayBeUsername, searchKey } from '../../people/person-search.ts';
import { ROW_COLUMNS, ROW_FROM } from './find-person.ts';

const PEOPLE_FROM = sql`from employees e left join users u on u.id = e.user_id`;
/**
 * The people whose main organisation (ROW_FROM's rule: a full-time position first, then the oldest)
 * has a name like the pattern. Uncorrelated, so the database reads it once per search, not once per
 * person (at 50,000 people a correlated lookup was most of a search's second).
 */
const inMainOrganizationNamed = (like: string) => sql`select p.employee_id from positions p
  join organizations o on o.id = p.organization_id
  where o.name ilike ${like} and p.id = (select m.id from positions m where m.employee_id = p.employee_id
    order by m.is_part_time, m.id limit 1)`;

const SORTS: Record<TPeopleSort, string> = {
  code: 'e.code asc',
  '-code': 'e.code desc',
  name: 'e.last_name asc, e.first_name asc, e.code asc',
  '-name': 'e.last_name desc, e.first_name desc, e.code asc',
  kana: 'e.last_name_kana asc, e.first_name_kana asc, e.code asc',
  '-kana': 'e.last_name_kana desc, e.first_name_kana desc, e.code asc',
};

export async function listPeople({ ctx, input }: { ctx: RequestContext; input: TAdminPeopleQuery }) {
  const conditions = [sql`true`];
  const text = input.query === undefined ? '' : searchKey(input.query);
  if (text) {
    // The chart's rule (person-search.ts), and the console's own: username and main organisation.
    // Usernames are looked up apart and only for ASCII text (mayBeUsername): a join's condition would
    // read every account for every search, Japanese ones included.
    const like = likePattern(text);
    const byUsername = mayBeUsername(text)
      ? sql` or e.user_id in (select a.id from users a where a.username ilike ${like})`
      : sql``;
    conditions.push(sql`(${matchesPerson(text)}${byUsername} or e.id in (${inMainOrganizationNamed(like)}))`);
  }
  if (input.organization !== undefined)
    conditions.push(
      sql`exists (select 1 from positions p where p.employee_id = e.id and p.organization_id = ${input.organization})`,
    );
  if (input.active === '1') conditions.push(sql`u.is_active`);
  if (input.active === '0') conditions.push(sql`(u.id is null or not u.is_active)`);
  const where = sql.join(conditions, sql` and `);
  const order = sql.raw(SORTS[input.sort ?? 'code']);
  const offset = pageOffset(input.page);
  // Counted and paged on the people and their accounts alone; the main position and organisation
  // are looked up for the page's rows only (at 50,000 people, for every row they cost the list
  // and a deep page most of their time).
  const rowsOf = (ids: SQL) =>
    queryRows<TAdminPersonRow>(
      ctx.db,
      sql`select ${ROW_COLUMNS} ${ROW_FROM} where e.id in (${ids}) order by ${order}`,
    );
  if (!text) {
    // The list alone stops its page's scan early (an index in the sort's order) and counts apart.
    const [count, results] = await Promise.all([
      countPeople(ctx, where),
      rowsOf(
        sql`select e.id ${PEOPLE_FROM} where ${where} order by ${order} limit ${PAGE_SIZE} offset ${offset}`,
      ),
    ]);
    return { count, results };
  }
  // A search reads every person anyway: its page and its count come from the one scan.
  const page = await queryRows<{ id: number; n: number }>(
    ctx.db,
    sql`select e.id, count(*) over ()::int as n ${PEOPLE_FROM} where ${where}
      order by ${order} limit ${PAGE_SIZE} offset ${offset}`,
  );
  if (page.length === 0) return { count: await countPeople(ctx, where), results: [] };
  const results = await rowsOf(
    sql.join(
      page.map((row) => sql`${row.id}`),
      sql`, `,
    ),
  );
  return { count: Number(page[0]!.n), results };
}

async function countPeople(ctx: RequestContext, where: SQL): Promise<number> {
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n ${PEOPLE_FROM} where ${where}`,
  );
  return Number(total?.n ?? 0);
}
