// The public port answers 404 for what is not the app (issue 39): monitoring paths, unknown API
// paths, missing files; an unknown screen gets the app's own not-found page with 404; known screens 200.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@portal/shared/route-preloads';
import { createTestContext, type TestContext } from './support/test-context.ts';

const INDEX =
  '<!doctype html><html><head><title>社員ポータル</title></head><body><div id="root"></div></body></html>';
const PRELOADS: RoutePreloads = {
  routes: [
    { pattern: '/home', scripts: [], styles: [] },
    { pattern: '/task/tasks/approval', scripts: [], styles: [] },
    { pattern: '/task/tasks/approval/:taskId/nodes/:nodeId', scripts: [], styles: [] },
  ],
};

let t: TestContext;
let dist: string;
const get = (route: string) => request(t.appWith({ webDistDir: dist })).get(route);

beforeAll(async () => {
  t = await createTestContext();
  dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
  await mkdir(path.join(dist, '.vite'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  await writeFile(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
  await t.close();
});

describe('the public port', () => {
  it.each(['/metrics', '/healthz', '/assets/missing.js', '/x.png', '/task/tasks/approval/favicon.ico'])(
    '%s answers 404 in plain text, no HTML of the app',
    async (route) => {
      const res = await get(route);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).not.toContain('<html');
    },
  );

  it('an unknown API path answers 404 in JSON', async () => {
    const res = await get('/api/nope/');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.text).not.toContain('<html');
  });

  it('known screens and files answer 200', async () => {
    for (const route of ['/task/tasks/approval', '/task/tasks/approval/3/nodes/4', '/home', '/']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
    const asset = await get('/assets/app-1.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log(1)');
  });

  it('an unknown screen gets the app (which shows its not-found page) with 404', async () => {
    const res = await get('/no-such-screen');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="root">');
  });
});
