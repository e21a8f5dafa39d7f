// How the bot reaches a portal user in Lark (architecture.md): the open_id stored at Lark sign-in,
// or else the account's e-mail address for the bot to look the Lark user up by. An address two
// accounts share names nobody for sure (as at sign-in, sso.repository.ts findUserByEmail), so it is
// not offered. What the bot finds is stored as a binding like a sign-in's, so it is looked up once.
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { TBotLarkUserFound } from '@portal/shared/contracts/bot-lark-users';
import type { Db } from '../../db/client.ts';
import { larkBindings } from '../../db/schema/lark.ts';
import { users } from '../../db/schema/users.ts';

export interface LarkReach {
  readonly open_id: string | null;
  /** Only when open_id is null. */
  readonly lookup_email: string | null;
}

const lower = (email: string) => email.trim().toLowerCase();
const emailKey = sql<string>`lower(trim(${users.email}))`;

/** Addresses (lower case) that belong to exactly one account. */
async function uniqueEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: emailKey, accounts: count() })
    .from(users)
    .where(inArray(emailKey, [...emails]))
    .groupBy(emailKey);
  return new Set(rows.filter((r) => r.accounts === 1).map((r) => r.email));
}

export async function larkReachOf(db: Db, userIds: readonly number[]): Promise<Map<number, LarkReach>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, openId: larkBindings.openId })
    .from(users)
    .leftJoin(larkBindings, eq(larkBindings.userId, users.id))
    .where(inArray(users.id, ids));
  const unbound = rows.filter((r) => r.openId === null && r.email.trim() !== '');
  const unique = await uniqueEmails(db, [...new Set(unbound.map((r) => lower(r.email)))]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        open_id: r.openId,
        lookup_email: r.openId === null && unique.has(lower(r.email)) ? r.email.trim() : null,
      },
    ]),
  );
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
