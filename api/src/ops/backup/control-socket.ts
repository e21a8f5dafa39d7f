// How `npm run backup` asks the running embedded server (the lock holder, the only process that may
// open its database) to take a backup: HTTP over a Unix socket in a folder only the portal's user can
// enter (mode 0700), so reaching the socket is the authentication, and nothing listens on the network.
import { chmod, mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { BackupResult } from './take-backup.ts';

export interface BackupRequest {
  /** Absolute path of the archive to write; unset: a manual-… archive in BACKUP_DIR. */
  readonly file?: string;
  readonly withSecrets: boolean;
}

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control', 'portal.sock');
}

export async function serveControlSocket(
  dataDir: string,
  backup: (request: BackupRequest) => Promise<BackupResult>,
): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socket), 0o700);
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

/** Asks the server holding `dataDir` for a backup. */
export function requestBackup(dataDir: string, request: BackupRequest): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupResult & {
            error?: string;
          };
          if (res.statusCode === 200) resolve(body);
          else
            reject(
              new Error(`the running server could not take the backup: ${body.error ?? res.statusCode}`),
            );
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(request));
  });
}
