// Which Lark user each portal user is, stored at Lark sign-in. The bot needs the open_id to message a
// user; open_id is per app, union_id is per developer, user_id is the tenant's own id for the person.
import { sql } from 'drizzle-orm';
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const larkBindings = pgTable('lark_bindings', {
  /** One Lark identity per portal user: a new sign-in with another open_id replaces the old one. */
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  openId: varchar('open_id', { length: 64 }).notNull().unique(),
  unionId: varchar('union_id', { length: 64 }).notNull().default(''),
  userIdInLark: varchar('user_id_in_lark', { length: 64 }).notNull().default(''),
  tenantKey: varchar('tenant_key', { length: 64 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
