import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
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

/** Every token registered for the user, oldest first (the bot's push fan-out). */
export async function listTokensOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ token: pushDevices.token })
    .from(pushDevices)
    .where(eq(pushDevices.userId, userId))
    .orderBy(pushDevices.id);
  return rows.map((r) => r.token);
}

/** Deletes the tokens (FCM called them dead), matched through their digest; answers how many went. */
export async function deleteDevicesByToken(db: Db, tokens: readonly string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  // The column is md5 of the token's UTF-8 text, as PostgreSQL computes it.
  const digests = tokens.map((token) => createHash('md5').update(token, 'utf8').digest('hex'));
  const rows = await db
    .delete(pushDevices)
    .where(inArray(pushDevices.tokenHash, digests))
    .returning({ id: pushDevices.id });
  return rows.length;
}
