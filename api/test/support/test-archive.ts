// A real, verified archive with no rows (packArchive over an empty folder): what retention and the
// "cannot be opened" message read is its name, its .sha256 and its manifest's createdAt.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { packArchive } from '../../src/ops/backup/archive.ts';

export async function writeTestArchive(folder: string, name: string, createdAt: Date): Promise<void> {
  const parts = await mkdtemp(path.join(os.tmpdir(), 'portal-test-archive-'));
  try {
    await packArchive(parts, path.join(folder, name), {
      product: 'staff-portal',
      productVersion: '0.0.0',
      createdAt: createdAt.toISOString(),
      database: 'pglite',
      migrations: [],
      tables: {},
      leftOut: [],
    });
  } finally {
    await rm(parts, { recursive: true, force: true });
  }
}
