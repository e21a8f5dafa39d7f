// Finding the portal user behind a single sign-on identity (Lark, CAS, mail). Nobody is matched on a
// guess: an e-mail address must belong to exactly one account.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { employees } from '../../db/schema/employees.ts';
import { larkBindings } from '../../db/schema/lark.ts';
import { users } from '../../db/schema/users.ts';

export interface SsoUser {
  readonly id: number;
  readonly isActive: boolean;
}

const userColumns = { id: users.id, isActive: users.isActive };

export async function findUserByUsername(db: Db, username: string): Promise<SsoUser | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.username, username)).limit(1);
  return row ?? null;
}

/** The one account with this e-mail address (case-insensitive); none when two accounts share it. */
export async function findUserByEmail(db: Db, email: string): Promise<SsoUser | null> {
  const address = email.trim().toLowerCase();
  if (!address) return null;
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, address))
    .limit(2);
  return rows.length === 1 ? (rows[0] ?? null) : null;
}

/** The account of the employee with this employee number. */
export async function findUserByEmployeeCode(db: Db, code: string): Promise<SsoUser | null> {
  if (!code.trim()) return null;
  const [row] = await db
    .select(userColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.code, code.trim()))
    .limit(1);
  return row ?? null;
}

export async function findUserByLarkOpenId(db: Db, openId: string): Promise<SsoUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(larkBindings)
    .innerJoin(users, eq(users.id, larkBindings.userId))
    .where(eq(larkBindings.openId, openId))
    .limit(1);
  return row ?? null;
}

export interface LarkIdentity {
  readonly openId: string;
  readonly unionId: string;
  readonly userIdInLark: string;
  readonly tenantKey: string;
}

/** Records (or moves) the user's Lark identity: one binding per user, one user per open_id. */
export async function saveLarkBinding(db: Db, userId: number, identity: LarkIdentity): Promise<void> {
  const values = {
    openId: identity.openId,
    unionId: identity.unionId,
    userIdInLark: identity.userIdInLark,
    tenantKey: identity.tenantKey,
  };
  await db.delete(larkBindings).where(and(eq(larkBindings.openId, identity.openId)));
  await db
    .insert(larkBindings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: larkBindings.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** A new account with no password, for a Lark user whose e-mail domain an administrator allowed. */
export async function createSsoUser(
  db: Db,
  account: { username: string; fullName: string; email: string },
): Promise<SsoUser> {
  const [row] = await db
    .insert(users)
    .values({ ...account, passwordHash: null })
    .returning(userColumns);
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** True when a sign-in already came from this CAS ticket: a ticket is accepted once. */
export async function casTicketUsed(db: Db, ticket: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.method, 'cas'), eq(authSessions.externalSessionId, ticket)))
    .limit(1);
  return row !== undefined;
}

/** Single logout: revokes the live CAS sessions opened with this ticket. Returns how many. */
export async function revokeCasSessions(db: Db, ticket: string): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.method, 'cas'),
        eq(authSessions.externalSessionId, ticket),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length;
}
