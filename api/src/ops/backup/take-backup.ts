// Writes one backup archive of an open database. Secrets (the generated JWT signing key in the data
// folder) stay out unless asked for; the result says what was left out so the command can tell.
import { access, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER, type DatabaseHandle } from '../../db/client.ts';
import { committedMigrations } from '../../db/migration-state.ts';
import { JWT_SECRET_FILE } from '../../jwt-secret.ts';
import {
  JWT_SECRET_PART,
  packArchive,
  productVersion,
  SEQUENCES_PART,
  type BackupManifest,
} from './archive.ts';
import { dumpTables } from './table-dump.ts';

export interface BackupOptions {
  readonly file: string;
  /** The data folder whose generated jwt-secret is a secret of this installation (null: none). */
  readonly dataDir: string | null;
  readonly withSecrets: boolean;
}

export interface BackupResult {
  readonly file: string;
  readonly manifest: BackupManifest;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

export async function takeBackup(handle: DatabaseHandle, options: BackupOptions): Promise<BackupResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
  try {
    const createdAt = new Date().toISOString();
    const dump = await dumpTables(handle.db, dir);
    await writeFile(path.join(dir, SEQUENCES_PART), JSON.stringify(dump.sequences));
    const leftOut: string[] = [];
    const secret = options.dataDir ? path.join(options.dataDir, JWT_SECRET_FILE) : null;
    if (secret && (await exists(secret))) {
      if (options.withSecrets) {
        await mkdir(path.join(dir, 'secrets'));
        await copyFile(secret, path.join(dir, JWT_SECRET_PART));
      } else {
        leftOut.push(
          `${secret}: the generated token signing key (without it everyone signs in again after a restore)`,
        );
      }
    }
    const byWhen = new Map((await committedMigrations(MIGRATIONS_FOLDER)).map((m) => [m.when, m.tag]));
    const manifest = await packArchive(dir, options.file, {
      format: 1,
      product: 'staff-portal',
      productVersion: await productVersion(),
      createdAt,
      database: handle.kind,
      migrations: dump.migrations.map((m) => ({
        tag: byWhen.get(m.when) ?? null,
        when: m.when,
        hash: m.hash,
      })),
      tables: dump.tables,
      leftOut,
    });
    return { file: options.file, manifest };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
