import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authSessions } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';

export interface SessionUser {
  readonly id: number;
  readonly username: string;
  readonly isStaff: boolean;
  readonly isSuperuser: boolean;
}

function liveSessionUserQuery(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      isStaff: users.isStaff,
      isSuperuser: users.isSuperuser,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        isNull(authSessions.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
}

const preparedLiveSessionUsers = new WeakMap<
  Db,
  ReturnType<ReturnType<typeof liveSessionUserQuery>['prepare']>
>();

/**
 * The user behind a live session: the session exists, belongs to the user, is not revoked, and the
 * user is active. One query, run on every authenticated request: prepared once per database handle
 * (building a drizzle query costs more than running this one), unless `db` is a transaction.
 */
export async function findLiveSessionUser(
  db: Db,
  userId: number,
  sessionId: string,
  options: { prepared?: boolean } = {},
): Promise<SessionUser | null> {
  let query = options.prepared ? preparedLiveSessionUsers.get(db) : undefined;
  if (options.prepared && !query) {
    query = liveSessionUserQuery(db).prepare('live_session_user');
    preparedLiveSessionUsers.set(db, query);
  }
  const [row] = await (query ?? liveSessionUserQuery(db)).execute({ userId, sessionId });
  return row ?? null;
}
