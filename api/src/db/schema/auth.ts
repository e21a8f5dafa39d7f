// Sign-in sessions. The access JWT names its session (`sid`); the auth middleware checks in the same
// query that the session is not revoked, so logout, refresh-token reuse and (later) CAS single logout
// stop every token of the session at once. Refresh tokens rotate: each is used once (`used_at`).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const AUTH_METHODS = ['password', 'lark', 'cas', 'mail'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: varchar({ length: 10 }).$type<AuthMethod>().notNull(),
    /** The CAS ticket/session the sign-in came from, so a CAS logout can find and revoke it. */
    externalSessionId: varchar('external_session_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('auth_sessions_user_id_idx').on(t.userId),
    index('auth_sessions_external_session_id_idx').on(t.externalSessionId),
    check('auth_sessions_method_check', sql`${t.method} in ('password', 'lark', 'cas', 'mail')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    jti: uuid().notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/**
 * One-time codes that hand a single sign-on's session to the page (issue 32, finding 7): the redirect
 * carries the code, never a token; the page exchanges it once by POST within a minute. Only the
 * code's SHA-256 is kept, so the table alone opens nothing.
 */
export const signInHandoffs = pgTable(
  'sign_in_handoffs',
  {
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: varchar({ length: 10 }).$type<AuthMethod>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_handoffs_expires_at_idx').on(t.expiresAt)],
);
