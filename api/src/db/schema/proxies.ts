// Approval proxies: during [start_date, end_date] the proxy may act on nodes awaiting the principal.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const approvalProxies = pgTable(
  'approval_proxies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    principalId: integer('principal_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proxyId: integer('proxy_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('approval_proxies_proxy_id_idx').on(t.proxyId, t.startDate),
    index('approval_proxies_principal_id_idx').on(t.principalId, t.startDate),
    check('approval_proxies_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('approval_proxies_not_self_check', sql`${t.principalId} <> ${t.proxyId}`),
  ],
);
