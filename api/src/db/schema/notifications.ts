// The bell (notifications) and the push tokens the web registers for FCM.
import { sql, type SQL } from 'drizzle-orm';
import { boolean, char, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar({ length: 200 }).notNull(),
    content: text().notNull().default(''),
    /** A path inside the portal, e.g. '/task/tasks/unresolved/12'. */
    forward: varchar({ length: 500 }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // The bell lists one user's read or unread items newest first: this index serves exactly that.
    index('notifications_user_id_is_read_created_at_idx').on(t.userId, t.isRead, t.createdAt.desc()),
    // A task transition marks the unread 承認依頼 bells of the nodes it settled read, by their link.
    index('notifications_forward_unread_idx')
      .on(t.forward)
      .where(sql`not ${t.isRead}`),
  ],
);

export const pushDevices = pgTable(
  'push_devices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    token: text().notNull(),
    /**
     * One row per token: a browser re-registering its token under another user moves the row. The
     * uniqueness sits on this digest because a B-tree entry cannot hold the longest tokens the
     * contract allows (4096 characters; PostgreSQL's limit is about 2700 bytes).
     */
    tokenHash: char('token_hash', { length: 32 })
      .notNull()
      .unique()
      .generatedAlwaysAs((): SQL => sql`md5(${pushDevices.token})`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: varchar({ length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('push_devices_user_id_idx').on(t.userId)],
);
