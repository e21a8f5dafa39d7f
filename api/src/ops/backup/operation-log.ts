// Backups and restores in the access log (issue 34): an archive holds every employee's records, so
// taking one is an export of many and restoring one a write of them all. The row names who ran it
// (the command and the system user, or the portal's own schedule), the archive, and every employee
// in the database. Written by the callers (the commands and the server's schedule), after the
// archive is written or restored: a restore replaces the log with the archive's, then adds its row.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { logAccess } from '../../modules/access-log/log-access.ts';

/** Who ran a command: its name and the system user ('npm run backup (OS ユーザー portal)'). */
export function commandRunner(command: string): string {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (a container's arbitrary uid): the uid says enough.
    user = String(process.getuid?.() ?? '?');
  }
  return `${command} (OS ユーザー ${user})`.slice(0, 150);
}

/**
 * One access-log row for a backup taken or a restore done. A database from before the access log
 * (the backup taken before migrating to it) has nowhere to write: nothing is written there.
 */
export async function logOperation(
  db: Db,
  operation: { readonly kind: 'backup' | 'restore'; readonly file: string; readonly ranBy: string },
): Promise<void> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('public.access_log') is not null as present`,
  );
  if (!table?.present) return;
  const everyone = await queryRows<{ id: number }>(db, sql`select id from employees order by id`);
  await logAccess(db, {
    actor: { id: null, username: operation.ranBy },
    action: operation.kind === 'backup' ? 'export' : 'restore',
    kind: operation.kind,
    recordId: path.basename(operation.file).slice(0, 120),
    subjects: everyone.map((e) => e.id),
  });
}
