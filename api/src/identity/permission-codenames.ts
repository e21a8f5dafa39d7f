import { eq } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { groupPermissions, permissions, userGroups, userPermissions } from '../db/schema/users.ts';

/** The user's own codenames and those of their groups (duplicates removed by UNION). */
export async function listPermissionCodenames(db: Db, userId: number): Promise<string[]> {
  const own = db
    .select({ codename: permissions.codename })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId));
  const viaGroups = db
    .select({ codename: permissions.codename })
    .from(userGroups)
    .innerJoin(groupPermissions, eq(groupPermissions.groupId, userGroups.groupId))
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(eq(userGroups.userId, userId));
  const rows = await union(own, viaGroups);
  return rows.map((row) => row.codename);
}
