import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, refreshTokens, type AuthMethod } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

export interface SignInCandidate {
  readonly id: number;
  readonly passwordHash: string | null;
  readonly isActive: boolean;
}

export async function findSignInCandidate(db: Db, username: string): Promise<SignInCandidate | null> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row ?? null;
}

export async function recordLastLogin(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, userId));
}

export async function createSession(
  db: Db,
  userId: number,
  method: AuthMethod,
  externalSessionId: string | null = null,
): Promise<string> {
  const [row] = await db
    .insert(authSessions)
    .values({ userId, method, externalSessionId })
    .returning({ id: authSessions.id });
  if (!row) throw new Error('insert into auth_sessions returned no row');
  return row.id;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function saveRefreshToken(
  db: Db,
  token: { jti: string; sessionId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/**
 * Marks an unused, unexpired refresh token used and returns its session. The single conditional
 * UPDATE is what makes two concurrent refreshes with one token safe: exactly one of them wins.
 */
export async function consumeRefreshToken(db: Db, jti: string): Promise<{ sessionId: string } | null> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(refreshTokens.jti, jti), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, sql`now()`)),
    )
    .returning({ sessionId: refreshTokens.sessionId });
  return row ?? null;
}

export async function findRefreshToken(
  db: Db,
  jti: string,
): Promise<{ sessionId: string; usedAt: Date | null } | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.jti, jti))
    .limit(1);
  return row ?? null;
}

export async function findSessionOwner(db: Db, sessionId: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: authSessions.userId })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return row?.userId ?? null;
}
