// GET /api/openapi.json: a valid OpenAPI 3.1 document that lists every mounted route, with the
// schemas its entry was mounted with.
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { createLogger } from '../src/logger.ts';
import { listEndpoints } from '@portal/shared/endpoints/all';
import { mountedSchemas } from '../src/http/route.ts';
import { listRoutes, type RouteEntry } from '../src/route-table.ts';
import { testConfig } from './support/test-config.ts';

// Serving the document touches no database.
const app = createApp({
  config: testConfig({ cas: { serverUrl: 'https://cas.example.test/cas', singleLogoutPath: '/cas/slo' } }),
  db: {} as Db,
  logger: createLogger('silent'),
});

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters: { name: string; in: string }[];
        requestBody?: unknown;
        responses?: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }>;
      }
    >
  >;
}

const operationOf = (doc: Document, route: RouteEntry) =>
  doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method];

/** The mounted routes the document leaves out. */
const missingFrom = (doc: Document) =>
  listRoutes(app)
    .filter((route) => !operationOf(doc, route))
    .map((route) => `${route.method} ${route.path}`);

describe('GET /api/openapi.json', () => {
  it('answers without signing in, cacheable, a document that validates as OpenAPI 3.1', async () => {
    const res = await request(app).get('/api/openapi.json').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const validator = new Validator();
    const result = await validator.validate(res.body as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every mounted route, with the query and body schemas of those mounted through route()', async () => {
    const doc = (await request(app).get('/api/openapi.json').expect(200)).body as Document;
    expect(missingFrom(doc)).toEqual([]);
    const list = operationOf(doc, { method: 'get', path: '/api/notifications/', module: 'notifications' });
    expect(list?.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['query page', 'query is_read']);
    const read = operationOf(doc, {
      method: 'put',
      path: '/api/notifications/:id/read/',
      module: 'notifications',
    });
    expect(read?.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['path id']);
    expect(read?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    });
  });

  it('is caught missing a mounted route', async () => {
    const doc = (await request(app).get('/api/openapi.json').expect(200)).body as Document;
    const { ['/api/health/']: _health, ...rest } = doc.paths;
    expect(missingFrom({ paths: rest })).toEqual(['get /api/health/']);
  });

  it('gives the answer schema of every entry mounted with one', async () => {
    const doc = (await request(app).get('/api/openapi.json').expect(200)).body as Document;
    const declaring = listEndpoints().filter(({ endpoint }) => mountedSchemas.get(endpoint)?.answer);
    expect(declaring.length).toBeGreaterThan(60);
    const without = declaring
      .filter(({ endpoint }) => {
        const status = String(mountedSchemas.get(endpoint)?.status ?? 200);
        const operation = operationOf(doc, { method: endpoint.method, path: endpoint.path, module: '' });
        return !operation?.responses?.[status]?.content?.['application/json']?.schema;
      })
      .map(({ module, name }) => `${module}.${name}`);
    expect(without).toEqual([]);
    // Each module on route() states its answers; the redirects, the 204s and the single logout's
    // plain OK, one's own data (a zip, issue 34) and the leave register (xlsx and PDF, issue 35)
    // and a notice's files (issue 30) have no JSON answer.
    const NO_JSON_ANSWER = new Set([
      'auth.mailStart',
      'auth.mailCallback',
      'auth.casSingleLogout',
      'account.exportMine',
      'vacations.register',
      'vacations.registerPdf',
      'vacations.myRegister',
      'vacations.myRegisterPdf',
      'notices.attachment',
      'notices.adminAttachment',
      'manual.attachment',
    ]);
    const OWNED_ELSEWHERE = new Set(['tasks', 'attendance', 'admin', 'slips', 'openapi']);
    const undeclared = listEndpoints()
      .filter(({ module, name }) => !OWNED_ELSEWHERE.has(module) && !NO_JSON_ANSWER.has(`${module}.${name}`))
      .filter(({ endpoint }) => mountedSchemas.get(endpoint)?.status !== 204)
      .filter(({ endpoint }) => !mountedSchemas.get(endpoint)?.answer)
      .map(({ module, name }) => `${module}.${name}`);
    expect(undeclared).toEqual([]);
    const profile = operationOf(doc, { method: 'get', path: '/api/employees/:id/', module: 'records' });
    expect(profile?.responses?.['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { code: { type: 'string' } },
    });
  });
});
