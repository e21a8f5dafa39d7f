// Runs once per `vitest run` (PGlite project): builds two migrated PGlite databases, one empty and one
// with the demo company, and dumps them to tarballs. Each test file then loads a tarball (≈0.4 s)
// instead of running initdb and the migrations itself (≈2–3 s).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteHandle } from '../../src/db/client.ts';
import { ensurePermissions } from '../../src/db/reference-data.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';
import { cheapDemoHash } from './test-password.ts';

async function dump(client: PGlite, file: string): Promise<void> {
  const blob = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-api-test-'));
  const empty = path.join(dir, 'empty.tar');
  const seeded = path.join(dir, 'seeded.tar');

  const client = await PGlite.create();
  const handle = pgliteHandle(client);
  try {
    await handle.migrate();
    await ensurePermissions(handle.db);
    await dump(client, empty);
    await seedDemo(handle.db, { passwordHash: await cheapDemoHash() });
    await dump(client, seeded);
  } finally {
    await handle.close();
  }

  project.provide('pgliteTemplates', { empty, seeded });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
