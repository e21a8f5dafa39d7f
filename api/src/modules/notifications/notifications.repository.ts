import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';

const columns = {
  id: notifications.id,
  title: notifications.title,
  content: notifications.content,
  forward: notifications.forward,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

export interface NotificationRow {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  readonly forward: string | null;
  readonly isRead: boolean;
  readonly createdAt: Date;
}

function ownedBy(userId: number, isRead: boolean | undefined): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    isRead === undefined ? undefined : eq(notifications.isRead, isRead),
  );
}

export async function countNotifications(
  db: Db,
  userId: number,
  isRead: boolean | undefined,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(ownedBy(userId, isRead));
  return row?.n ?? 0;
}

export function listNotifications(
  db: Db,
  userId: number,
  isRead: boolean | undefined,
  offset: number,
): Promise<NotificationRow[]> {
  return db
    .select(columns)
    .from(notifications)
    .where(ownedBy(userId, isRead))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

/** Updates only a notification of `userId`; another user's id finds nothing. */
export async function setRead(
  db: Db,
  userId: number,
  id: number,
  isRead: boolean,
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ isRead })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning(columns);
  return row ?? null;
}
