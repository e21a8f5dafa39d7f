// The streamed-download writer (files/download.ts): a failure before the first chunk answers as any
// error does; one after it cuts the connection, so no client takes half a file for the whole; a
// client that leaves stops the producer at its next write.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamFile, type WriteChunk } from '../src/files/download.ts';

let server: http.Server;
let base: string;
let stopped: Promise<number>;
let stop: (pages: number) => void;

const file = { type: 'text/csv', filename: '一覧.csv' };
/** 6 MB that gzip cannot shrink much: backpressure many times over. */
const pages = Array.from({ length: 100 }, () => randomBytes(48 * 1024).toString('base64'));
beforeAll(async () => {
  const app = express();
  app.get('/before', async (_req: Request, res: Response) => {
    await streamFile(res, file, async () => {
      throw new Error('no data');
    }).catch(() => res.status(409).json({ detail: '競合しました。' }));
  });
  app.get(
    '/after',
    (_req, res) =>
      void streamFile(res, file, async (write) => {
        await write('"a"\r\n');
        throw new Error('the database went away');
      }),
  );
  app.get('/endless', (_req, res) => {
    let pages = 0;
    void streamFile(res, file, async (write: WriteChunk) => {
      try {
        for (;;) {
          await write(`${'"x",'.repeat(16_000)}\r\n`);
          pages += 1;
        }
      } finally {
        stop(pages);
      }
    });
  });
  // Behind compression, as the API serves it: many waits for 'drain' on one response.
  app.get('/compressed', compression(), (_req, res) => {
    void streamFile(res, file, async (write: WriteChunk) => {
      for (const page of pages) await write(page);
    });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(path: string): Promise<{ status: number; body: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body, complete: res.complete }));
        res.on('error', () => resolve({ status: res.statusCode!, body, complete: false }));
        res.on('aborted', () => resolve({ status: res.statusCode!, body, complete: false }));
      })
      .on('error', reject);
  });
}

describe('streamFile', () => {
  it('lets a failure before the first chunk answer as an error', async () => {
    const res = await get('/before');
    expect(res).toMatchObject({ status: 409, complete: true });
    expect(JSON.parse(res.body)).toEqual({ detail: '競合しました。' });
  });

  it('cuts the connection on a failure after the first chunk: the download is never complete', async () => {
    const res = await get('/after');
    expect(res.status).toBe(200);
    expect(res.complete).toBe(false);
  });

  it('stops the producer once the client has left', async () => {
    stopped = new Promise((resolve) => (stop = resolve));
    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/endless`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
    });
    // A producer that kept writing would never settle; this one ends at its next write.
    const pages = await stopped;
    expect(pages).toBeGreaterThan(0);
  });

  it('waits for a slow client behind compression with one drain listener, whatever the number of waits', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const body = await new Promise<Buffer>((resolve, reject) => {
        http
          .get(`${base}/compressed`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
            expect(res.headers['content-encoding']).toBe('gzip');
            const chunks: Buffer[] = [];
            // A slow reader: each chunk read a moment later.
            res.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              res.pause();
              setTimeout(() => res.resume(), 2);
            });
            res.on('end', () => resolve(Buffer.concat(chunks)));
            res.on('error', reject);
          })
          .on('error', reject);
      });
      expect(gunzipSync(body).toString()).toBe(pages.join(''));
      // compression moves 'drain' listeners onto its zlib stream, where removing one through the
      // response does nothing: a listener per wait piled up there (Node warns past ten).
      expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
