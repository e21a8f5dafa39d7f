// Accounts and Django-style permissions: a user holds the union of their own codenames and those of
// their groups; a superuser holds all of them (resolved in code, not stored).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    username: varchar({ length: 150 }).notNull().unique(),
    fullName: varchar('full_name', { length: 150 }).notNull().default(''),
    email: varchar({ length: 254 }).notNull().default(''),
    /** Null for accounts that only sign in through CAS, Lark or mail. */
    passwordHash: text('password_hash'),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when an administrator resets the password: the next sign-in must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  // The bot offers an address to look a Lark user up by only when no other account has it
  // (bot/lark-users.ts): counted per address on every card and reminder.
  (t) => [index('users_email_key_idx').on(sql`lower(trim(${t.email}))`)],
);

export const groups = pgTable('groups', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: varchar({ length: 150 }).notNull().unique(),
});

export const permissions = pgTable('permissions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** 'app_label.codename', e.g. 'workflow.view_workflow'. */
  codename: varchar({ length: 100 }).notNull().unique(),
  name: varchar({ length: 255 }).notNull(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);
