// Issue 12: every route of the app's route table, with every path parameter, query field and body
// field replaced by hostile values (NUL, controls, bidi, 1 MB, bad percent-encoding, wrong JSON
// types, 8,000 levels of nesting, keys named like Object.prototype's members), answers below 500,
// in JSON, with a Japanese message, and writes nothing. Bodies are generic: every field name the
// contracts know (FIELD_LABELS) and the demo forms' fields at once.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS } from '@portal/shared/contracts/field-labels';
import { listRoutes, type RouteEntry } from '../src/route-table.ts';
import { createTestContext, messagesOf, type TestContext } from './support/test-context.ts';

let t: TestContext;
let admin: { Authorization: string };

async function signIn() {
  admin = t.auth((await t.signIn('admin')).access);
}

/** A probe of a sign-out route may end the session (a body-less logout is a real one): start another. */
async function keepSignedIn() {
  const me = await request(t.app).post('/api/account/me/').set(admin);
  if (me.status === 401) await signIn();
}

beforeAll(async () => {
  t = await createTestContext();
  await signIn();
});
afterAll(() => t?.close());

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
const MEGABYTE = 'あ'.repeat(350_000);

const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0007\u001b[31m\u007f',
  'receipt\u202egnp.exe',
  '\u2066\u200f%00',
  'x'.repeat(20_000),
];
const WRONG_TYPES: unknown[] = [{}, [], true, -1, 1.5, null, 1e300];

/** Path parameters: encodings a router must refuse, not crash on. */
const HOSTILE_SEGMENTS = [
  '%ZZ',
  '%00',
  '%E0%A4%A',
  'a%07b',
  '%E2%80%AE1',
  '..%2F..%2Fetc',
  '-1',
  '9'.repeat(30),
];

/** The demo workflows' form fields, which no shared contract names. */
const FORM_FIELDS = ['title', 'content', 'amount', 'used_on', 'purpose', 'receipt', 'members', 'hours'];
const FIELD_NAMES = [...Object.keys(FIELD_LABELS), ...FORM_FIELDS];

function everyField(value: unknown): Record<string, unknown> {
  return Object.fromEntries(FIELD_NAMES.map((name) => [name, value]));
}

const BODIES: { name: string; body: unknown }[] = [
  { name: 'array body', body: [] },
  { name: 'number body', body: '42' },
  { name: 'string body', body: '"text"' },
  // 1 MB strings (about 1 MB each in UTF-8) among wrong types, so no route takes the body as a no-op.
  { name: '1 MB fields', body: { ...everyField(true), name: MEGABYTE, comment: MEGABYTE, remark: MEGABYTE } },
  ...HOSTILE_STRINGS.map((value, i) => ({ name: `hostile string ${i}`, body: everyField(value) })),
  ...WRONG_TYPES.map((value) => ({ name: `wrong type ${JSON.stringify(value)}`, body: everyField(value) })),
  // Issue 32: nesting that overflowed a recursive walk, and keys that a `{}` used as a map inherits.
  { name: '8,000 levels of [', body: '['.repeat(8_000) + ']'.repeat(8_000) },
  { name: '8,000 levels of {', body: '{"a":'.repeat(8_000) + '0' + '}'.repeat(8_000) },
  // Sent as text: in an object literal `__proto__` would set the prototype instead of a key.
  ...Object.getOwnPropertyNames(Object.prototype).map((key) => ({
    name: `key ${key}`,
    body: JSON.stringify({ [key]: 'x' }),
  })),
];

/**
 * Writes that succeed whatever the body holds: the spec's POST read (§3.3 `account/me`) takes no
 * body, and a sign-out ends the caller's session even when the refresh token it names is garbage.
 */
const BODY_IGNORED = new Set(['/api/account/me/', '/api/account/logout/', '/api/account/cas-logout/']);

const QUERY_FIELDS = ['page', 'query', 'filter', 'is_read', 'year', 'month', 'organization', 'version'];

/** A concrete path: `:name` (and `{/:name}`, `*name`) filled in, one parameter hostile. */
function fill(route: RouteEntry, hostile?: { param: string; value: string }): string {
  return route.path
    .replace(/[{}]/g, '')
    .replace(/[:*]([A-Za-z_]\w*)/g, (_m, name: string) => (hostile?.param === name ? hostile.value : '1'));
}

function paramsOf(route: RouteEntry): string[] {
  return [...route.path.matchAll(/[:*]([A-Za-z_]\w*)/g)].map((m) => m[1]!);
}

interface Probe {
  readonly label: string;
  readonly send: () => request.Test;
  readonly expectError: boolean;
}

function probesOf(route: RouteEntry): Probe[] {
  const call = (path: string) => request(t.app)[route.method](path).set(admin);
  const probes: Probe[] = [];
  for (const param of paramsOf(route))
    for (const value of HOSTILE_SEGMENTS)
      probes.push({
        label: `${param}=${value}`,
        send: () => call(fill(route, { param, value })),
        expectError: true,
      });
  const path = fill(route);
  // Queries go to reads only: on a write route with real ids they would carry the write out.
  if (route.method === 'get') {
    for (const value of HOSTILE_STRINGS.slice(0, 4)) {
      const query = new URLSearchParams(QUERY_FIELDS.map((key): [string, string] => [key, value])).toString();
      probes.push({
        label: `query ${JSON.stringify(value)}`,
        send: () => call(`${path}?${query}`),
        expectError: false,
      });
    }
    probes.push({
      label: 'query %ZZ',
      send: () => call(`${path}?page=%ZZ&query=%E0%A4`),
      expectError: false,
    });
  }
  if (route.method === 'post' || route.method === 'put' || route.method === 'patch')
    for (const { name, body } of BODIES)
      probes.push({
        label: name,
        send: () =>
          typeof body === 'string'
            ? call(path).set('Content-Type', 'application/json').send(body)
            : call(path).send(body as object),
        expectError: true,
      });
  return probes;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer execute() with `{ rows }`; Db is their union, whose execute() types differ.
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Row counts of every table but the sign-in bookkeeping, the access log (a read is logged) and the
 * notices' reads (opening a notice marks it read, issue 30).
 */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const bookkeeping = ['refresh_tokens', 'auth_sessions', 'login_attempts', '__drizzle_migrations'];
    if ([...bookkeeping, 'access_log', 'notice_reads'].includes(name)) continue;
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

describe('the hostile-input walk over the route table', () => {
  it('answers every route below 500, in JSON with a Japanese message, and writes nothing', async () => {
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(50);
    const before = await rowCounts();
    const problems: string[] = [];
    for (const route of routes) {
      for (const probe of probesOf(route)) {
        const res = await probe.send();
        const where = `${route.method.toUpperCase()} ${route.path} [${probe.label}] → ${res.status}`;
        if (res.status >= 500) {
          problems.push(`${where} ${JSON.stringify(res.body).slice(0, 200)}`);
          continue;
        }
        if (res.status < 400) {
          if (probe.expectError && route.method !== 'get' && !BODY_IGNORED.has(route.path))
            problems.push(`${where}: accepted`);
          continue;
        }
        if (!res.type.includes('json')) problems.push(`${where}: ${res.type}`);
        else if (!messagesOf(res.body).some((m) => JAPANESE.test(m)))
          problems.push(`${where}: no Japanese message`);
      }
      await keepSignedIn();
    }
    expect(problems).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 600_000);
});
