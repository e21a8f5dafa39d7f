// A backup is one gzipped tar: manifest.json plus its parts (one JSON-lines file per table,
// sequences.json, and secrets/ when asked for). The manifest names the product version, the applied
// migrations with their hashes, the row count of every table and the sha256 of every part; reading an
// archive checks every hash and refuses parts the manifest does not list.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { REPO_ROOT } from '../../config.ts';

export const MANIFEST = 'manifest.json';
export const SEQUENCES_PART = 'sequences.json';
export const JWT_SECRET_PART = 'secrets/jwt-secret';

export interface ManifestMigration {
  /** null: not among this code's migrations (the database was migrated by a newer release). */
  readonly tag: string | null;
  readonly when: number;
  readonly hash: string;
}

export interface BackupManifest {
  readonly format: 1;
  readonly product: 'staff-portal';
  readonly productVersion: string;
  readonly createdAt: string;
  readonly database: 'pglite' | 'postgres';
  readonly migrations: ManifestMigration[];
  /** Row count of every table in schema public. */
  readonly tables: Record<string, number>;
  /** sha256 (hex) of every part, by its path in the archive. */
  readonly parts: Record<string, string>;
  /** What was deliberately not put in, in words. */
  readonly leftOut: string[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export async function productVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(dir, rel)));
    else found.push(rel);
  }
  return found.sort();
}

/** Hashes every file of `dir`, writes the manifest and packs it all into `file` (atomically). */
export async function packArchive(
  dir: string,
  file: string,
  manifest: Omit<BackupManifest, 'parts'>,
): Promise<BackupManifest> {
  const parts: Record<string, string> = {};
  for (const part of await listFiles(dir)) parts[part] = await sha256(path.join(dir, part));
  const full: BackupManifest = { ...manifest, parts };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(full, null, 2)}\n`);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await tar.c({ gzip: true, file: partial, cwd: dir, portable: true }, [MANIFEST, ...Object.keys(parts)]);
  await rename(partial, file);
  return full;
}

export interface OpenedArchive {
  readonly dir: string;
  readonly manifest: BackupManifest;
  dispose(): Promise<void>;
}

/** Unpacks `file` into a temporary folder and checks it against its manifest. */
export async function openArchive(file: string): Promise<OpenedArchive> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-restore-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    await tar.x({ file, cwd: dir, strict: true });
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError(`${file} is not a portal backup: it has no readable ${MANIFEST}`);
    }
    if (manifest.product !== 'staff-portal' || manifest.format !== 1) {
      throw new BackupError(`${file} is not a portal backup of a format this release reads`);
    }
    const present = (await listFiles(dir)).filter((f) => f !== MANIFEST);
    const listed = Object.keys(manifest.parts).sort();
    const extra = present.filter((f) => !(f in manifest.parts));
    const missing = listed.filter((f) => !present.includes(f));
    if (extra.length > 0 || missing.length > 0) {
      throw new BackupError(
        `${file} does not match its manifest: ${[...missing.map((f) => `${f} missing`), ...extra.map((f) => `${f} not listed`)].join(', ')}`,
      );
    }
    const damaged: string[] = [];
    for (const part of listed) {
      if ((await sha256(path.join(dir, part))) !== manifest.parts[part]) damaged.push(part);
    }
    if (damaged.length > 0) {
      throw new BackupError(
        `${file} is damaged: the sha256 of ${damaged.join(', ')} differs from its manifest`,
      );
    }
    return { dir, manifest, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
