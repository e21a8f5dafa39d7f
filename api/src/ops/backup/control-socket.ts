// How `npm run backup` asks the running embedded server (the lock holder, the only process that may
// open its database) to take a backup: HTTP over a Unix socket in a folder only the portal's user can
// enter (mode 0700), so reaching the socket is the authentication, and nothing listens on the network.
import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readLockOwner } from '../../db/data-dir-lock.ts';
import type { BackupResult } from './take-backup.ts';

export interface BackupRequest {
  /** Absolute path of the archive to write; unset: a manual-… archive in BACKUP_DIR. */
  readonly file?: string;
  readonly withSecrets: boolean;
  /** Who asked (the command and its system user), for the access log. */
  readonly ranBy?: string;
}

/** Linux takes socket paths of up to 107 bytes; a longer one is cut short (issue 33, finding 8). */
const SOCKET_PATH_MAX = 100;

/**
 * PORTAL_DATA_DIR/control/portal.sock, or, when that path is too long for a socket, a folder named after
 * the data folder's hash in the system's temporary folder (made 0700 and checked to be ours, below).
 */
export function controlSocketPath(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'control', 'portal.sock');
  if (Buffer.byteLength(inDataDir) <= SOCKET_PATH_MAX) return inDataDir;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `portal-control-${hash}`, 'portal.sock');
}

/** The socket's folder: ours alone, or the socket is not served (someone else could listen there). */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid)) {
    throw new Error(`${dir} is not a folder of this user: the control socket is not served there`);
  }
  await chmod(dir, 0o700);
}

export async function serveControlSocket(
  dataDir: string,
  backup: (request: BackupRequest) => Promise<BackupResult>,
): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  await privateFolder(path.dirname(socket));
  // We hold the data folder's lock: a socket file left here belongs to a process that is gone.
  await rm(socket, { force: true });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/backup') return reply(404, { error: 'unknown request' });
      let request: BackupRequest;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<BackupRequest>;
        request = {
          withSecrets: body.withSecrets === true,
          ...(typeof body.ranBy === 'string' ? { ranBy: body.ranBy.slice(0, 150) } : {}),
          ...(typeof body.file === 'string' && path.isAbsolute(body.file) ? { file: body.file } : {}),
        };
      } catch {
        return reply(400, { error: 'the body must be JSON' });
      }
      backup(request).then(
        (result) => reply(200, result),
        (error: unknown) => reply(500, { error: (error as Error).message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** How long `npm run backup` waits for a server that is still starting to open its socket. */
const STARTING_WAIT_MS = 5 * 60_000;

/**
 * Asks the server holding `dataDir` for a backup. A server still starting (opening, migrating) has no
 * socket yet: wait for it, then say plainly what is wrong (issue 33, finding 8: a bare ENOENT).
 */
export async function requestBackup(dataDir: string, request: BackupRequest): Promise<BackupResult> {
  const socket = controlSocketPath(dataDir);
  for (let waited = 0; ; waited += 500) {
    try {
      return await askForBackup(socket, request);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ECONNREFUSED') throw error;
      if ((await readLockOwner(dataDir)) === null) {
        throw new Error('the portal stopped before it could take the backup; run the backup again', {
          cause: error,
        });
      }
      if (waited >= STARTING_WAIT_MS) {
        throw new Error(
          `the running portal does not answer on its control socket ${socket} after ${STARTING_WAIT_MS / 60_000} minutes ` +
            'of waiting for it to finish starting; check its log, or stop it and run the backup again',
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function askForBackup(socket: string, request: BackupRequest): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: socket, method: 'POST', path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupResult & {
          error?: string;
        };
        if (res.statusCode === 200) resolve(body);
        else
          reject(new Error(`the running server could not take the backup: ${body.error ?? res.statusCode}`));
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(request));
  });
}
