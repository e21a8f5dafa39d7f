// A backup is one gzipped tar: manifest.json plus its parts (one JSON-lines file per table,
// sequences.json, and secrets/ when asked for). The manifest names the product version, the applied
// migrations with their hashes, the row count of every table and the sha256 of every part, and (from
// format 2) the sha256 of itself, so an edited manifest is refused like an edited part.
//
// Writing streams the parts into `<file>.partial` (mode 0600), then reads that file back and checks
// every entry against the manifest before renaming it into place and writing `<file>.sha256`: an
// archive under its final name has been verified, and the .sha256 beside it says so (retention counts
// only those). Reading unpacks into a private folder, checks the manifest's own hash and every part's.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { REPO_ROOT } from '../../config.ts';

export const MANIFEST = 'manifest.json';
export const SEQUENCES_PART = 'sequences.json';
export const JWT_SECRET_PART = 'secrets/jwt-secret';
/** Beside every verified archive: `<sha256>  <name>`, as sha256sum writes and checks it. */
export const VERIFIED_SUFFIX = '.sha256';

export interface ManifestMigration {
  /** null: not among this code's migrations (the database was migrated by a newer release). */
  readonly tag: string | null;
  readonly when: number;
  readonly hash: string;
}

export interface BackupManifest {
  /** 1: written before issue 33 (no checksum of its own); still read. */
  readonly format: 1 | 2;
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
  /** Format 2: sha256 of this manifest's JSON without this field (manifestChecksum). */
  readonly checksum?: string;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** A stop of the server cancelled a running backup (the AbortSignal's reason). */
export class BackupCancelledError extends BackupError {
  override name = 'BackupCancelledError';
}

/** A write failed for want of space (ENOSPC, or EDQUOT: a quota); the message says what was kept. */
export class DiskFullError extends BackupError {
  override name = 'DiskFullError';
}

export function isDiskFull(error: unknown): boolean {
  if (error instanceof DiskFullError) return true;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export async function productVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** -1, 0 or 1 as version `a` is older than, equal to or newer than `b` (x.y.z, numerically). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) =>
    v
      .split(/[.+-]/)
      .slice(0, 3)
      .map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
}

export function manifestChecksum(manifest: BackupManifest): string {
  const { checksum: _ignored, ...rest } = manifest;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
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

/** tar reads files 16 MB at a time by default: 1 MB keeps a 1 GB archive's buffers small (issue 33). */
const READ_SIZE = 1024 * 1024;

/** Reads `file` back as a tar.gz, hashing every entry; throws unless it holds exactly `expected`. */
async function verifyPacked(file: string, expected: Record<string, string>): Promise<void> {
  const seen = new Map<string, string>();
  const hashing: Promise<void>[] = [];
  await pipeline(
    createReadStream(file),
    tar.t({
      strict: true,
      onReadEntry: (entry) => {
        const hash = createHash('sha256');
        entry.on('data', (chunk: Buffer) => hash.update(chunk));
        hashing.push(
          new Promise((resolve, reject) => {
            entry.on('end', () => {
              seen.set(entry.path, hash.digest('hex'));
              resolve();
            });
            entry.on('error', reject);
          }),
        );
      },
    }),
  );
  await Promise.all(hashing);
  const problems = Object.entries(expected)
    .filter(([name, digest]) => seen.get(name) !== digest)
    .map(([name]) => name);
  const extra = [...seen.keys()].filter((name) => !(name in expected));
  if (problems.length > 0 || extra.length > 0) {
    throw new BackupError(
      `${file} did not read back as written (${[...problems, ...extra].join(', ')}): the disk or the file system may be failing`,
    );
  }
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Hashes every file of `dir`, writes the manifest (with its own checksum), packs it all into
 * `file.partial`, verifies that by reading it back, and only then renames it to `file` (mode 0600)
 * and writes `file.sha256`. On any failure (a full disk, say) nothing is left under either name.
 */
export async function packArchive(
  dir: string,
  file: string,
  manifest: Omit<BackupManifest, 'parts' | 'format' | 'checksum'>,
  signal?: AbortSignal,
): Promise<BackupManifest> {
  const parts: Record<string, string> = {};
  for (const part of await listFiles(dir)) parts[part] = await sha256(path.join(dir, part));
  const unsigned: BackupManifest = { format: 2, ...manifest, parts };
  const full: BackupManifest = { ...unsigned, checksum: manifestChecksum(unsigned) };
  const manifestText = `${JSON.stringify(full, null, 2)}\n`;
  await writeFile(path.join(dir, MANIFEST), manifestText, { mode: 0o600 });
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  let renamed = false;
  try {
    await pipeline(
      tar.c({ gzip: true, cwd: dir, portable: true, maxReadSize: READ_SIZE }, [
        MANIFEST,
        ...Object.keys(parts),
      ]),
      createWriteStream(partial, { mode: 0o600 }),
      ...(signal ? [{ signal }] : []),
    );
    await chmod(partial, 0o600);
    await fsyncFile(partial);
    const manifestHash = createHash('sha256').update(manifestText).digest('hex');
    signal?.throwIfAborted();
    await verifyPacked(partial, { ...parts, [MANIFEST]: manifestHash });
    signal?.throwIfAborted();
    await rename(partial, file);
    renamed = true;
    const digest = await sha256(file);
    await writeFile(`${file}${VERIFIED_SUFFIX}`, `${digest}  ${path.basename(file)}\n`, { mode: 0o600 });
  } catch (error) {
    await rm(partial, { force: true });
    // Its .sha256 could not be written (a full disk): an archive is reported done only with it.
    if (renamed) {
      await rm(file, { force: true });
      await rm(`${file}${VERIFIED_SUFFIX}`, { force: true });
    }
    throw error;
  }
  return full;
}

export interface OpenedArchive {
  readonly dir: string;
  readonly manifest: BackupManifest;
}

function refuseManifest(file: string, manifest: BackupManifest): void {
  if (manifest.product !== 'staff-portal' || (manifest.format !== 1 && manifest.format !== 2)) {
    throw new BackupError(`${file} is not a portal backup of a format this release reads`);
  }
  if (manifest.format === 2 && manifest.checksum !== manifestChecksum(manifest)) {
    throw new BackupError(
      `${file} is damaged: its ${MANIFEST} does not match its own checksum (edited after it was written?)`,
    );
  }
}

/** The largest manifest read by readManifest (a real one is a few kB per table). */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/**
 * The manifest of `file`, checked against its own checksum, read from the archive's first entry
 * (packArchive writes it first): only the first blocks of the gzip are read, whatever the archive's
 * size. Throws a BackupError when the archive does not start with a readable, intact manifest.
 */
export async function readManifest(file: string): Promise<BackupManifest> {
  const text = await new Promise<string>((resolve, reject) => {
    const input = createReadStream(file);
    const parser = new tar.Parser({ strict: true });
    let settled = false;
    const done = (error: Error | null, value = '') => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      input.destroy();
      if (error) reject(error);
      else resolve(value);
    };
    parser.on('entry', (entry: tar.ReadEntry) => {
      if (settled) return void entry.resume();
      if (entry.path !== MANIFEST) return done(new BackupError(`${file} does not start with ${MANIFEST}`));
      const chunks: Buffer[] = [];
      let size = 0;
      entry.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_MANIFEST_BYTES) done(new BackupError(`${file}: its ${MANIFEST} is too large`));
        else chunks.push(chunk);
      });
      entry.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
    parser.on('error', (error: Error) => done(new BackupError(`${file} is not a tar.gz: ${error.message}`)));
    parser.on('end', () => done(new BackupError(`${file} is not a portal backup: it has no ${MANIFEST}`)));
    input.on('error', (error) => done(error));
    input.pipe(parser);
  });
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError(`${file} is not a portal backup: its ${MANIFEST} is not JSON`);
  }
  refuseManifest(file, manifest);
  return manifest;
}

/** Unpacks `file` into `dir` (a private temporary folder the caller removes) and checks it. */
export async function openArchive(file: string, dir: string): Promise<OpenedArchive> {
  try {
    await tar.x({ file, cwd: dir, strict: true, maxReadSize: READ_SIZE });
  } catch (error) {
    throw new BackupError(
      `${file} cannot be unpacked (truncated or not a tar.gz?): ${(error as Error).message}`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file} is not a portal backup: it has no readable ${MANIFEST}`);
  }
  refuseManifest(file, manifest);
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
  return { dir, manifest };
}
