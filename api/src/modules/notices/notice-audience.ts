// Who a notice is for: 全社 (no organisations), or the people of its organisations and of every one
// below them. A reader reaches a notice addressed to any of their organisations or one above them,
// so both directions walk the one organisation tree here, and no other module repeats it.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** The organisations that reach `userId`: theirs (兼務 included) and every one above them. */
function reachingOrgs(userId: number): SQL {
  return sql`with recursive up(id, parent_id, depth) as (
      select o.id, o.parent_id, 0 from positions p
        join employees e on e.id = p.employee_id
        join organizations o on o.id = p.organization_id
      where e.user_id = ${userId}
      union all
      select o.id, o.parent_id, u.depth + 1 from organizations o join up u on o.id = u.parent_id where u.depth < 20
    )
    select id from up`;
}

/** SQL condition on the notice alias `n`: it is addressed to the user. */
export function addressedTo(userId: number): SQL {
  return sql`(not exists (select 1 from notice_organizations x where x.notice_id = n.id)
    or exists (select 1 from notice_organizations x where x.notice_id = n.id
      and x.organization_id in (${reachingOrgs(userId)})))`;
}

/** SQL condition on the notice alias `n`: published and within its period at `now`. */
export function liveAt(now: Date): SQL {
  const at = now.toISOString();
  return sql`(not n.draft and n.publish_start <= ${at}::timestamptz
    and (n.publish_end is null or n.publish_end > ${at}::timestamptz))`;
}

/** The active users a notice is for. */
function audienceSql(noticeId: number): SQL {
  return sql`select u.id from users u where u.is_active and (
      not exists (select 1 from notice_organizations x where x.notice_id = ${noticeId})
      or exists (select 1 from positions p join employees e on e.id = p.employee_id
        where e.user_id = u.id and p.organization_id in (
          with recursive down(id, depth) as (
            select organization_id, 0 from notice_organizations where notice_id = ${noticeId}
            union all
            select o.id, d.depth + 1 from organizations o join down d on o.parent_id = d.id where d.depth < 20
          )
          select id from down)))`;
}

export async function audienceUserIds(db: Db, noticeId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`${audienceSql(noticeId)} order by u.id`);
  return rows.map((r) => Number(r.id));
}

/** The members of the audience who have not opened the notice. */
export async function unreadUserIds(db: Db, noticeId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select a.id from (${audienceSql(noticeId)}) a
      where not exists (select 1 from notice_reads r where r.notice_id = ${noticeId} and r.user_id = a.id)
      order by a.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** 既読 n / 対象 m. */
export async function readCounts(db: Db, noticeId: number): Promise<{ read: number; audience: number }> {
  const [row] = await queryRows<{ audience: number; read: number }>(
    db,
    sql`select count(*)::int as audience,
        count(*) filter (where exists (select 1 from notice_reads r
          where r.notice_id = ${noticeId} and r.user_id = a.id))::int as read
      from (${audienceSql(noticeId)}) a`,
  );
  return { read: Number(row?.read ?? 0), audience: Number(row?.audience ?? 0) };
}
