// How the bot reaches a portal user in Lark (architecture.md): the open_id stored at Lark sign-in,
// or else the account's e-mail address for the bot to look the Lark user up by. An address two
// accounts share names nobody for sure (as at sign-in, sso.repository.ts findUserByEmail), so it is
// not offered. What the bot finds is stored as a binding like a sign-in's, so it is looked up once.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TBotLarkUserFound } from '@portal/shared/contracts/bot-lark-users';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { larkBindings } from '../../db/schema/lark.ts';
import { users } from '../../db/schema/users.ts';
import { userDisplayName } from '../people/display-names.ts';

export interface LarkReach {
  readonly open_id: string | null;
  /** Only when open_id is null. */
  readonly lookup_email: string | null;
}

const lower = (email: string) => email.trim().toLowerCase();

/** A user's display name and how the bot reaches them. */
export interface LarkPerson extends LarkReach {
  readonly name: string;
}

/** The table aliases of larkPeople's SQL. */
const u = alias(users, 'u');
const e = alias(employees, 'e');

/**
 * The name and Lark reach of each user, in one statement: a card reads them for every approver,
 * proxy and applicant at once (issue 38). An address is offered when no other account has it, which
 * the users_email_key_idx index answers per address (the month's reminders ask for tens of thousands).
 */
export async function larkPeople(db: Db, userIds: readonly number[]): Promise<Map<number, LarkPerson>> {
  const ids = [...new Set(userIds)].filter(Number.isSafeInteger);
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: number;
    name: string;
    email: string;
    open_id: string | null;
    shared: boolean;
  }>(
    db,
    sql`
    select u.id, ${userDisplayName(u, e)} as name, u.email, b.open_id,
      -- Counted only where an address would be offered: a bound user needs none, and the accounts
      -- with no address would each count all the others.
      case when b.open_id is null and trim(u.email) <> ''
        then (select count(*) from ${users} o where lower(trim(o.email)) = lower(trim(u.email))) <> 1
        else false end as shared
    from ${users} u
    left join ${employees} e on e.user_id = u.id
    left join ${larkBindings} b on b.user_id = u.id
    where u.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: r.name,
        open_id: r.open_id,
        lookup_email: r.open_id === null && r.email.trim() !== '' && !r.shared ? r.email.trim() : null,
      },
    ]),
  );
}

export async function larkReachOf(db: Db, userIds: readonly number[]): Promise<Map<number, LarkReach>> {
  const people = await larkPeople(db, userIds);
  return new Map([...people].map(([id, p]) => [id, { open_id: p.open_id, lookup_email: p.lookup_email }]));
}

/** The reach of one user (none: an unknown id). */
export async function larkReachOfUser(db: Db, userId: number): Promise<LarkReach> {
  return (await larkReachOf(db, [userId])).get(userId) ?? { open_id: null, lookup_email: null };
}

/**
 * Stores open_ids (and Lark's tenant user_id, when found) the bot found by e-mail, each only while the address still is the account's and
 * names no other account; a binding already there (a sign-in) and an open_id another account holds
 * are left alone. Returns how many were stored.
 */
export async function saveLarkUsersFound(db: Db, found: readonly TBotLarkUserFound[]): Promise<number> {
  const reach = await larkReachOf(
    db,
    found.map((f) => f.user_id),
  );
  const wanted = found.filter((f) => {
    const email = reach.get(f.user_id)?.lookup_email;
    return email !== null && email !== undefined && lower(email) === lower(f.email);
  });
  let saved = 0;
  for (const f of wanted) {
    const rows = await db
      .insert(larkBindings)
      .values({ userId: f.user_id, openId: f.open_id.trim(), userIdInLark: f.lark_user_id?.trim() ?? '' })
      .onConflictDoNothing()
      .returning({ userId: larkBindings.userId });
    saved += rows.length;
  }
  return saved;
}
