// Issue 39, acceptance 6: the restore drill. `npm run backup:verify` restores the newest archive into a
// scratch embedded database and passes on a fresh archive; one byte changed in a part fails it naming
// that part, and one byte changed in the packed file fails it too. Each outcome is written to
// last-verify.json as the contract with readiness and metrics says.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { archiveName } from '../src/ops/backup/backup-files.ts';
import { takeBackup } from '../src/ops/backup/take-backup.ts';
import { verifyArchive, type LastVerify } from '../src/ops/backup/verify-archive.ts';
import { openTestDatabase } from './support/test-database.ts';

let work: string;
let dataDir: string;
let backups: string;
let archive: string;

function verifyCli(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'api/src/ops/verify-cli.ts'), ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, PORTAL_DATA_DIR: dataDir, BACKUP_DIR: backups },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function lastVerify(): Promise<LastVerify> {
  return JSON.parse(await readFile(path.join(backups, 'last-verify.json'), 'utf8')) as LastVerify;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-verify-'));
  dataDir = path.join(work, 'data');
  backups = path.join(dataDir, 'backups');
  await mkdir(backups, { recursive: true });
  const source = await openTestDatabase('seeded');
  try {
    archive = path.join(backups, archiveName('auto', new Date()));
    await takeBackup(source.handle, { file: archive, dataDir: null, withSecrets: false, scratchIn: work });
  } finally {
    await source.dispose();
  }
}, 180_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the restore drill (npm run backup:verify)', () => {
  it('passes on a fresh archive, found as the newest of the backup folder', async () => {
    const { code, output } = await verifyCli();
    expect(output).toContain(`Verifying ${archive}`);
    expect(output).toMatch(/Verified: every part matches its sha256/);
    expect(code).toBe(0);
    const status = await lastVerify();
    expect(status).toEqual({
      at: expect.any(String),
      ok: true,
      archive: path.basename(archive),
      problem: null,
    });
    expect(Date.now() - Date.parse(status.at)).toBeLessThan(120_000);
    // The scratch database is gone.
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  }, 180_000);

  it('fails naming the part when one byte of it is changed', async () => {
    const unpacked = await mkdtemp(path.join(work, 'edit-'));
    await tar.x({ file: archive, cwd: unpacked });
    const part = path.join(unpacked, 'tables/users.jsonl');
    const text = await readFile(part);
    // One byte of a username: still valid JSON, so only the hash can tell.
    const at = text.indexOf('"username":"') + '"username":"'.length;
    text[at] = text[at] === 0x61 ? 0x62 : 0x61;
    await writeFile(part, text);
    const edited = path.join(work, 'edited.tar.gz');
    await tar.c({ gzip: true, file: edited, cwd: unpacked }, await readdir(unpacked));

    const { code, output } = await verifyCli(edited);
    expect(code).toBe(1);
    expect(output).toMatch(
      /Verification FAILED: .*the sha256 of tables\/users\.jsonl differs from its manifest/,
    );
    const status = await lastVerify();
    expect(status.ok).toBe(false);
    expect(status.archive).toBe('edited.tar.gz');
    expect(status.problem).toContain('tables/users.jsonl');
  }, 180_000);

  it('fails when one byte of the packed archive is changed, and records it', async () => {
    const flipped = path.join(work, 'flipped.tar.gz');
    await writeFile(flipped, await readFile(archive));
    const handle = await open(flipped, 'r+');
    try {
      const { size } = await handle.stat();
      const offset = Math.floor(size / 2);
      const byte = Buffer.alloc(1);
      await handle.read(byte, 0, 1, offset);
      byte[0] = byte[0]! ^ 0xff;
      await handle.write(byte, 0, 1, offset);
    } finally {
      await handle.close();
    }
    const result = await verifyArchive(flipped, { scratchIn: dataDir, backupDir: backups });
    expect(result.ok).toBe(false);
    expect(result.problem).toMatch(/flipped\.tar\.gz (cannot be unpacked|is damaged)/);
    expect(await lastVerify()).toEqual({
      at: result.at,
      ok: false,
      archive: 'flipped.tar.gz',
      problem: result.problem,
    });
  }, 180_000);
});
