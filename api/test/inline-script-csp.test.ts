// The page's one inline script (it asks for the signed-in user as the page arrives: web/build/
// early-me-script.ts) is allowed by its hash, on the pages only: the CSP allows no other inline script.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withScriptSources } from '../src/middleware/security-headers.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

const INLINE = 'window.early=fetch("/api/account/me/?format=json",{method:"POST"});';
const INDEX = `<!doctype html><html><head><meta charset="UTF-8"><script>${INLINE}</script><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>`;
const HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

let t: TestContext;
let dist: string;

const scriptSrc = (policy: string | undefined) =>
  (policy ?? '').split(';').find((directive) => directive.trim().startsWith('script-src'));

beforeAll(async () => {
  t = await createTestContext();
  dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
  await t.close();
});

describe("the page's inline script", () => {
  it('is allowed by its hash on every page, and no other inline script is', async () => {
    const app = t.appWith({ webDistDir: dist });
    for (const route of ['/home', '/task/tasks/approval', '/no/such/page']) {
      const res = await request(app).get(route);
      expect(res.status, route).toBe(200);
      expect(res.text, route).toContain(INLINE);
      expect(scriptSrc(res.headers['content-security-policy']), route).toBe(`script-src 'self' ${HASH}`);
    }
  });

  it('keeps the configured hosts beside the hash', async () => {
    const app = t.appWith({
      webDistDir: dist,
      csp: { scriptSrc: ['https://lf-scm-cn.feishucdn.com'], connectSrc: [] },
    });
    const res = await request(app).get('/home');
    expect(scriptSrc(res.headers['content-security-policy'])).toBe(
      `script-src 'self' https://lf-scm-cn.feishucdn.com ${HASH}`,
    );
  });

  it('is not allowed on API answers', async () => {
    const res = await request(t.appWith({ webDistDir: dist })).get('/api/health/');
    expect(scriptSrc(res.headers['content-security-policy'])).toBe("script-src 'self'");
  });
});

describe('withScriptSources', () => {
  it('adds to script-src only, and leaves a policy without one as it is', () => {
    expect(withScriptSources("default-src 'self';script-src 'self';img-src data:", ["'sha256-A'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-A';img-src data:",
    );
    expect(withScriptSources("default-src 'self'", ["'sha256-A'"])).toBe("default-src 'self'");
    expect(withScriptSources("script-src 'self'", [])).toBe("script-src 'self'");
  });
});
