// Issue 32, findings 5 and 6: bodies that cost the server more than their size or break its
// bookkeeping. 8,000 levels of nesting (arrays, objects, both) are refused with 400 before anything
// recurses over them, whoever sends them; a body 64 levels deep still reaches its route. Keys named
// like Object.prototype's members are unknown fields like any other: 400 at that key, not 500.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG, FIELD_MSG } from '@portal/shared/messages';
import { MAX_JSON_DEPTH } from '../src/middleware/refuse-control-characters.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
let yamada: { Authorization: string };

beforeAll(async () => {
  t = await createTestContext();
  yamada = t.auth((await t.signIn('yamada')).access);
});
afterAll(() => t?.close());

const arrays = (depth: number, inner = '0') => '['.repeat(depth) + inner + ']'.repeat(depth);
const objects = (depth: number, inner = '0') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
/** Arrays and objects taking turns: `[{"a":[{"a":…}]}]`. */
function mixed(depth: number): string {
  let text = '0';
  for (let i = 0; i < depth; i++) text = i % 2 ? `[${text}]` : `{"a":${text}}`;
  return text;
}

const DEEP: { name: string; body: string }[] = [
  { name: '8,000 arrays', body: arrays(8_000) },
  { name: '8,000 objects', body: objects(8_000) },
  { name: '8,000 mixed', body: mixed(8_000) },
  { name: 'a deep array under a field', body: `{"password":${arrays(8_000)}}` },
  { name: `${MAX_JSON_DEPTH + 1} levels`, body: arrays(MAX_JSON_DEPTH + 1) },
];

const TOO_DEEP = { detail: API_MSG.jsonTooDeep(MAX_JSON_DEPTH), code: 'parse_error' };

describe('deeply nested bodies', () => {
  for (const { name, body } of DEEP) {
    it(`refuses ${name} with 400 before authentication, on any /api path`, async () => {
      for (const path of ['/api/token-auth/', '/api/account/password/', '/api/no-such-path/']) {
        const res = await request(t.app).post(path).set('Content-Type', 'application/json').send(body);
        expect(res.status, path).toBe(400);
        expect(res.body).toEqual(TOO_DEEP);
      }
    });
  }

  it(`lets a body ${MAX_JSON_DEPTH} levels deep through to its route`, async () => {
    // The route's own contract refuses it: a field error, not the depth refusal.
    const res = await request(t.app)
      .post('/api/token-auth/')
      .set('Content-Type', 'application/json')
      .send(`{"username":${arrays(MAX_JSON_DEPTH - 1)},"password":"x"}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toContain('username');
  });

  it('walks a big flat body (a 3 MB array) without refusing it for its size or shape', async () => {
    const body = `{"username":"yamada","password":"x","extra":[${Array(1_000_000).fill('0').join(',')}]}`;
    const res = await request(t.app)
      .post('/api/token-auth/')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body).not.toEqual(TOO_DEEP);
    expectJapaneseError(res.body);
  });
});

// Every own member of Object.prototype: constructor, __proto__, toString, valueOf, hasOwnProperty …
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

describe('keys named like Object.prototype members', () => {
  it('are unknown fields of a strict schema: 400 at the key, for each of them', async () => {
    expect(PROTOTYPE_KEYS).toEqual(
      expect.arrayContaining(['__proto__', 'constructor', 'toString', 'valueOf']),
    );
    for (const key of PROTOTYPE_KEYS) {
      // Sent as text: an object literal's `__proto__` would set the prototype instead of a key.
      const res = await request(t.app)
        .post('/api/account/password/')
        .set(yamada)
        .set('Content-Type', 'application/json')
        .send(`{"${key}":"x","current_password":"x","new_password":"x"}`);
      expect(res.status, key).toBe(400);
      expect(res.body[key], key).toEqual([FIELD_MSG.unknownField]);
    }
  });

  it('are unknown fields when nested too', async () => {
    const res = await request(t.app)
      .post('/api/account/password/')
      .set(yamada)
      .set('Content-Type', 'application/json')
      .send('{"constructor":{"__proto__":{"toString":1}},"valueOf":[{"hasOwnProperty":1}]}');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['constructor', 'valueOf']));
    expectJapaneseError(res.body);
  });
});
