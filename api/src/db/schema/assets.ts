// Asset lending and purchase (issue 31): the types an employee may borrow, the units in stock, the
// software licences a lending takes a seat of, the lendings themselves, and the reminders sent
// before a lending's 返却期限.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

/** 資材種別 (spec §3.8). `validity_period` in months; 0 = 期限なし. */
export const assetTypes = pgTable(
  'asset_types',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    validityPeriod: smallint('validity_period').notNull().default(0),
    hardwareInformation: varchar('hardware_information', { length: 2000 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    unique('asset_types_name_unique').on(t.name),
    check('asset_types_validity_check', sql`${t.validityPeriod} between 0 and 60`),
  ],
);

/** ソフトウェア: a licence with a number of seats. */
export const software = pgTable(
  'software',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    validityPeriod: smallint('validity_period').notNull().default(0),
    seats: integer().notNull().default(0),
  },
  (t) => [
    unique('software_name_unique').on(t.name),
    check('software_validity_check', sql`${t.validityPeriod} between 0 and 60`),
    check('software_seats_check', sql`${t.seats} >= 0`),
  ],
);

/** The software a type may be lent with (its `software_list`). */
export const assetTypeSoftware = pgTable(
  'asset_type_software',
  {
    assetTypeId: integer('asset_type_id')
      .notNull()
      .references(() => assetTypes.id, { onDelete: 'cascade' }),
    softwareId: integer('software_id')
      .notNull()
      .references(() => software.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assetTypeId, t.softwareId] })],
);

/** ASSET_STATUSES in shared/contracts/assets.ts. */
export type AssetStatus = 'stock' | 'lent' | 'repair' | 'disposed';

/** 資材: one unit. */
export const assets = pgTable(
  'assets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 管理番号. */
    assetId: varchar('asset_id', { length: 50 }).notNull(),
    assetTypeId: integer('asset_type_id')
      .notNull()
      .references(() => assetTypes.id),
    serialNumber: varchar('serial_number', { length: 100 }).notNull().default(''),
    status: varchar({ length: 10 }).$type<AssetStatus>().notNull().default('stock'),
    disposalReason: varchar('disposal_reason', { length: 200 }).notNull().default(''),
    purchasedOn: date('purchased_on', { mode: 'string' }),
    remark: varchar({ length: 500 }).notNull().default(''),
    /** The 資材購入申請 whose receipt added the unit. */
    purchaseTaskId: integer('purchase_task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('assets_asset_id_unique').on(t.assetId),
    index('assets_type_status_idx').on(t.assetTypeId, t.status, t.id),
    check('assets_status_check', sql`${t.status} in ('stock', 'lent', 'repair', 'disposed')`),
    check('assets_disposal_reason_check', sql`${t.status} <> 'disposed' or ${t.disposalReason} <> ''`),
  ],
);

/** A unit lent to a user: by an approved 資材貸出申請, or by a received 資材購入申請 made for one. */
export const assetLendings = pgTable(
  'asset_lendings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    lentOn: date('lent_on', { mode: 'string' }).notNull(),
    /** 貸出日 + the type's months; null when the type has no limit. */
    dueOn: date('due_on', { mode: 'string' }),
    returnedOn: date('returned_on', { mode: 'string' }),
    /** 要回収: the holder was deactivated while holding the unit. */
    recall: boolean().notNull().default(false),
  },
  (t) => [
    unique('asset_lendings_task_unique').on(t.taskId),
    index('asset_lendings_user_idx').on(t.userId, t.returnedOn),
    index('asset_lendings_asset_idx').on(t.assetId),
  ],
);

/** A licence seat taken by a lending; freed when the lending ends. */
export const softwareSeats = pgTable(
  'software_seats',
  {
    lendingId: integer('lending_id')
      .notNull()
      .references(() => assetLendings.id, { onDelete: 'cascade' }),
    softwareId: integer('software_id')
      .notNull()
      .references(() => software.id),
  },
  (t) => [
    primaryKey({ columns: [t.lendingId, t.softwareId] }),
    index('software_seats_software_idx').on(t.softwareId),
  ],
);

/** The reminders sent before a 返却期限: one per lending, threshold and due date. */
export const assetLendingNotices = pgTable(
  'asset_lending_notices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    lendingId: integer('lending_id')
      .notNull()
      .references(() => assetLendings.id, { onDelete: 'cascade' }),
    thresholdDays: smallint('threshold_days').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('asset_lending_notices_once').on(t.lendingId, t.thresholdDays, t.dueOn)],
);
