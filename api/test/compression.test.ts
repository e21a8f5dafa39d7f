// What a phone on a mobile network is sent: built assets compressed at build time and picked by the
// browser's Accept-Encoding, cached for a year; index.html revalidated; larger JSON answers compressed.
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../src/app.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

const SCRIPT = `export const screen = ${JSON.stringify('社員ポータル'.repeat(400))};\n`;

interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** The answer's bytes as sent (supertest would decode them), from the app listening on 127.0.0.1. */
async function raw(app: Express, urlPath: string, headers: Record<string, string>): Promise<RawAnswer> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: urlPath, headers }, resolve).on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

let t: TestContext;
let dist: string;

beforeAll(async () => {
  t = await createTestContext();
  dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>社員ポータル</title>');
  const file = path.join(dist, 'assets', 'home-abc123.js');
  await writeFile(file, SCRIPT);
  await writeFile(`${file}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${file}.gz`, gzipSync(SCRIPT));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
  await t.close();
});

describe('built assets', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await raw(t.appWith({ webDistDir: dist }), '/assets/home-abc123.js', {
      'Accept-Encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends the gzip copy where brotli is not accepted', async () => {
    const res = await raw(t.appWith({ webDistDir: dist }), '/assets/home-abc123.js', {
      'Accept-Encoding': 'gzip',
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.body).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await raw(t.appWith({ webDistDir: dist }), '/assets/home-abc123.js', {
      'Accept-Encoding': 'identity',
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(SCRIPT);
  });

  it('has index.html revalidated on every visit, for client-side routes too', async () => {
    for (const route of ['/', '/home', '/task/tasks/approval']) {
      const res = await request(t.appWith({ webDistDir: dist })).get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe('no-cache');
      expect(res.text).toContain('社員ポータル');
    }
  });
});

describe('JSON answers', () => {
  it(`compresses an answer of ${COMPRESS_FROM_BYTES} bytes or more for a client that accepts gzip`, async () => {
    const { access } = await t.signIn('admin');
    const plain = await request(t.app)
      .get('/api/organizations/')
      .set(t.auth(access))
      .set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(Buffer.byteLength(plain.text)).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await raw(t.app, '/api/organizations/', { ...t.auth(access), 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).toEqual(plain.body);
  });

  it('leaves a short answer uncompressed', async () => {
    const res = await request(t.app).get('/api/health/').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
