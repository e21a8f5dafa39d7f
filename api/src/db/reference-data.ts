// Rows the code relies on existing in every database, demo or not: the permission codenames.
// Django creates its permissions during migrate; we do the same right after migrating.
import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, PERMISSION_LABELS } from '@portal/shared/permissions';
import type { Db } from './client.ts';
import { permissions } from './schema/users.ts';

export async function ensurePermissions(db: Db): Promise<void> {
  await db
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((codename) => ({ codename, name: PERMISSION_LABELS[codename] })))
    .onConflictDoUpdate({ target: permissions.codename, set: { name: sql`excluded.name` } });
}
