// The organisation tree (本部 > 事業部 > 部 > 課) and who holds which position in it. Approver and
// observer resolution (workflow issue) walks this tree through parent_id and head_employee_id.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  unique,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { OrgLevel } from '@portal/shared/codes';
import { employees } from './employees.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => organizations.id, { onDelete: 'restrict' }),
    /** ORG_LEVELS: '16' 本部, '14' 事業部, '12' 部, '10' 課. */
    level: varchar({ length: 2 }).$type<OrgLevel>().notNull(),
    headEmployeeId: integer('head_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    /** Set when the console closes an empty organisation; closed ones leave the chart and the choices. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('organizations_parent_id_idx').on(t.parentId),
    check('organizations_level_check', sql`${t.level} in ('16', '14', '12', '10')`),
  ],
);

export const positions = pgTable(
  'positions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: varchar({ length: 50 }).notNull().default(''),
    isPartTime: boolean('is_part_time').notNull().default(false),
    /**
     * Contracted working days a week of a part-time position (1–4: the statutory 比例付与 of paid
     * leave); null or 5 counts as full-time. A position that is not part-time is always full-time.
     */
    weeklyWorkDays: smallint('weekly_work_days'),
  },
  (t) => [
    unique('positions_employee_id_organization_id_key').on(t.employeeId, t.organizationId),
    index('positions_organization_id_idx').on(t.organizationId),
    check(
      'positions_weekly_work_days_check',
      sql`${t.weeklyWorkDays} is null or ${t.weeklyWorkDays} between 1 and 7`,
    ),
  ],
);
