// Each route's page names the code that route needs, as the web build listed it, so a phone fetches
// the shell's and the screen's chunks with the entry rather than a round trip after it (issue 20).
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@portal/shared/route-preloads';
import { createTestContext, type TestContext } from './support/test-context.ts';

const INDEX = '<!doctype html><html><head><title>社員ポータル</title></head><body></body></html>';

const PRELOADS: RoutePreloads = {
  routes: [
    { pattern: '/home', scripts: ['/assets/shell-1.js', '/assets/home-1.js'], styles: [] },
    { pattern: '/proxies/add', scripts: ['/assets/shell-1.js', '/assets/add-1.js'], styles: [] },
    {
      pattern: '/proxies/:id',
      scripts: ['/assets/shell-1.js', '/assets/detail-1.js'],
      styles: ['/assets/detail-1.css'],
    },
  ],
};

let t: TestContext;
let dist: string;

const page = (route: string) => request(t.appWith({ webDistDir: dist })).get(route);
const preloadedScripts = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

beforeAll(async () => {
  t = await createTestContext();
  dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
  await t.close();
});

describe("a route's page", () => {
  it("names the route's scripts in the head, revalidated like index.html", async () => {
    const res = await page('/home');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(preloadedScripts(res.text)).toEqual(['/assets/shell-1.js', '/assets/home-1.js']);
    expect(res.text.indexOf('modulepreload')).toBeLessThan(res.text.indexOf('</head>'));
  });

  it('picks the route the browser renders: a fixed segment before a parameter', async () => {
    expect(preloadedScripts((await page('/proxies/add')).text)).toContain('/assets/add-1.js');
    const detail = (await page('/proxies/12?tab=1')).text;
    expect(preloadedScripts(detail)).toContain('/assets/detail-1.js');
    // A stylesheet is fetched early, not applied: applied, it would hold back the entry's scripts.
    expect(detail).toContain('<link rel="preload" as="style" crossorigin href="/assets/detail-1.css">');
  });

  it('is index.html as built for a path outside the table', async () => {
    // An unknown screen is answered 404 (issue 39), still with the app, which shows its not-found page.
    for (const [route, status] of [
      ['/', 200],
      ['/no/such/page', 404],
    ] as const) {
      const res = await page(route);
      expect(res.status, route).toBe(status);
      expect(res.text, route).toBe(INDEX);
    }
  });

  it('answers a repeated visit with 304 when nothing changed', async () => {
    const first = await page('/home');
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await request(t.appWith({ webDistDir: dist }))
      .get('/home')
      .set('If-None-Match', String(etag));
    expect(again.status).toBe(304);
  });

  it('follows a new build without a restart', async () => {
    const app = t.appWith({ webDistDir: dist });
    expect(preloadedScripts((await request(app).get('/home')).text)).toContain('/assets/home-1.js');
    const rebuilt: RoutePreloads = {
      routes: [{ pattern: '/home', scripts: ['/assets/home-2.js'], styles: [] }],
    };
    await writeFile(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(rebuilt));
    await writeFile(path.join(dist, 'index.html'), INDEX.replace('社員ポータル', '社員ポータル '));
    // A build writes index.html last; its new time is what the server notices.
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(dist, 'index.html'), later, later);
    expect(preloadedScripts((await request(app).get('/home')).text)).toEqual(['/assets/home-2.js']);
    await writeFile(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
    await writeFile(path.join(dist, 'index.html'), INDEX);
  });

  it('is served as built when the build wrote no list, or one it cannot read', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
    try {
      await writeFile(path.join(bare, 'index.html'), INDEX);
      const app = t.appWith({ webDistDir: bare });
      for (const list of [
        null,
        '{"routes": null}',
        '[1, 2]',
        '{"routes": [',
        'null',
        '{"routes": [1, null, {"pattern": 5}]}',
        '{"routes": [{"pattern": "/home", "scripts": "/assets/a.js", "styles": []}]}',
      ]) {
        await mkdir(path.join(bare, '.vite'), { recursive: true });
        if (list !== null) await writeFile(path.join(bare, ROUTE_PRELOADS_FILE), list);
        // A new build: the list is read again.
        const later = new Date(Date.now() + 10_000 * (1 + (list?.length ?? 0)));
        await utimes(path.join(bare, 'index.html'), later, later);
        const res = await request(app).get('/home');
        expect(res.status, String(list)).toBe(200);
        expect(res.text, String(list)).toBe(INDEX);
      }
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
