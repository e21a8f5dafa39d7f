// Issue 32, finding 11: stored idempotent answers are capped. An answer over the cap (an import's
// preview) keeps only its status, one that names what it created keeps the id; a retry still gets
// the first status, marked as a replay, and nothing runs twice. Small answers are kept whole.
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '@portal/shared/contracts/admin-import';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@portal/shared/http';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { IDEMPOTENT_ANSWER_MAX_BYTES, storedAnswer } from '../src/middleware/idempotency.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

const HEADER = IMPORT_COLUMNS.map((c) => c.label);

/** A CSV of `n` rows, each with errors: its preview lists every cell and every error. */
function csvOf(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => HEADER.map((h) => (h === '姓' ? `取込${i}` : 'x')));
  return [HEADER, ...rows].map((cells) => cells.join(',')).join('\r\n');
}

async function storedFor(username: string, key: string) {
  const [row] = await t.db
    .select({ status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, await userId(t, username)), eq(idempotencyKeys.key, key)));
  return row;
}

describe('stored idempotent answers', () => {
  it('keep only the status of an answer over the cap; the retry gets that status as a replay', async () => {
    const send = async () =>
      request(t.app)
        .post('/api/admin/people-import/check/')
        .set(await as('admin'))
        .set(IDEMPOTENCY_KEY_HEADER, 'preview-0001')
        .send({ file_name: 'people.csv', content: Buffer.from(csvOf(400)).toString('base64') });
    const first = await send();
    expect(first.status).toBe(200);
    expect(JSON.stringify(first.body).length).toBeGreaterThan(IDEMPOTENT_ANSWER_MAX_BYTES);
    expect(await storedFor('admin', 'preview-0001')).toEqual({ status: 200, body: null });
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(again.text).toBe('');
  });

  it('keep a small answer whole', async () => {
    const send = async () =>
      request(t.app)
        .post('/api/admin/people-import/check/')
        .set(await as('admin'))
        .set(IDEMPOTENCY_KEY_HEADER, 'preview-0002')
        .send({ file_name: 'people.csv', content: Buffer.from(csvOf(1)).toString('base64') });
    const first = await send();
    expect(first.status).toBe(200);
    expect((await storedFor('admin', 'preview-0002'))?.body).toEqual(first.body);
    expect((await send()).body).toEqual(first.body);
  });

  it.each([
    ['a small answer', { id: 7, name: 'x' }, { id: 7, name: 'x' }],
    ['a big answer naming its id', { id: 7, notes: 'x'.repeat(IDEMPOTENT_ANSWER_MAX_BYTES) }, { id: 7 }],
    [
      'a big answer with a string id',
      { id: 'a1', notes: 'x'.repeat(IDEMPOTENT_ANSWER_MAX_BYTES) },
      { id: 'a1' },
    ],
    ['a big answer without one', { notes: 'x'.repeat(IDEMPOTENT_ANSWER_MAX_BYTES) }, null],
    ['a big list', Array.from({ length: 10_000 }, (_, id) => ({ id })), null],
    ['no body', null, null],
  ])('store %s as the cap allows', (_name, body, stored) => {
    expect(storedAnswer(body)).toEqual(stored);
  });
});
