import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushDevices } from '../../db/schema/notifications.ts';

const columns = {
  id: pushDevices.id,
  token: pushDevices.token,
  description: pushDevices.description,
  userId: pushDevices.userId,
};

/** Looks the token up through its unique digest (see the schema for why). */
export async function findDeviceByToken(db: Db, token: string) {
  const [row] = await db
    .select(columns)
    .from(pushDevices)
    .where(eq(pushDevices.tokenHash, sql`md5(${token})`))
    .limit(1);
  return row ?? null;
}

/** Inserts the token for `userId`, or moves an existing row (of anyone) to them. */
export async function upsertDevice(db: Db, device: { token: string; description: string; userId: number }) {
  const [row] = await db
    .insert(pushDevices)
    .values(device)
    .onConflictDoUpdate({
      target: pushDevices.tokenHash,
      set: { userId: sql`excluded.user_id`, description: sql`excluded.description` },
    })
    .returning(columns);
  if (!row) throw new Error('upsert into push_devices returned no row');
  return row;
}
