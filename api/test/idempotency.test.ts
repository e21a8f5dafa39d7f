// Safe retries (issue 20): a POST repeated with the same Idempotency-Key by the same user within a day
// answers what the first answered and creates nothing new; another user's key is theirs alone.
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@portal/shared/http';
import { API_MSG } from '@portal/shared/messages';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { tasks } from '../src/db/schema/tasks.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { createWorkflow, tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let workflowId: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  workflowId = await createWorkflow(t, { nodes: [{ order: 1, dispatch: '02' }] });
});
afterAll(() => t.close());

const tasksOf = async (username: string) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(tasks)
    .where(eq(tasks.applicantId, await userId(t, username)));
  return row!.n;
};

const submitWithKey = async (
  username: string,
  key: string,
  values: Record<string, unknown> = { title: '件名' },
) =>
  request(t.app)
    .post(`/api/task/workflows/${workflowId}/form/`)
    .set(await as(username))
    .set(IDEMPOTENCY_KEY_HEADER, key)
    .send(values);

describe('Idempotency-Key on a submission', () => {
  it('creates one request for the same key sent twice, and answers the second with the first body', async () => {
    const before = await tasksOf('yamada');
    const first = await submitWithKey('yamada', 'submit-0001');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await submitWithKey('yamada', 'submit-0001');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    expect(await tasksOf('yamada')).toBe(before + 1);
  });

  it('keeps one user’s key apart from another user’s', async () => {
    const yamada = await tasksOf('yamada');
    const kato = await tasksOf('kato');
    const mine = await submitWithKey('yamada', 'shared-key-1');
    const theirs = await submitWithKey('kato', 'shared-key-1');
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    expect(await tasksOf('yamada')).toBe(yamada + 1);
    expect(await tasksOf('kato')).toBe(kato + 1);
  });

  it('creates one request when the same submission arrives twice at once', async () => {
    const before = await tasksOf('yamada');
    const answers = await Promise.all([
      submitWithKey('yamada', 'racing-1'),
      submitWithKey('yamada', 'racing-1'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(await tasksOf('yamada')).toBe(before + 1);
  });

  it('refuses the same key with another body', async () => {
    await submitWithKey('yamada', 'reused-1', { title: '一件目' });
    const other = await submitWithKey('yamada', 'reused-1', { title: '二件目' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ detail: API_MSG.idempotencyKeyReused });
  });

  it('repeats a refusal too, and lets a corrected submission with a new key through', async () => {
    const before = await tasksOf('yamada');
    const refused = await submitWithKey('yamada', 'invalid-1', { title: '' });
    expect(refused.status).toBe(400);
    const repeated = await submitWithKey('yamada', 'invalid-1', { title: '' });
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual(refused.body);
    const fixed = await submitWithKey('yamada', 'invalid-2', { title: '直した件名' });
    expect(fixed.status).toBe(201);
    expect(await tasksOf('yamada')).toBe(before + 1);
  });

  it('runs a retry again once a day has passed', async () => {
    const first = await submitWithKey('yamada', 'old-key-1');
    expect(first.status).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(idempotencyKeys.key, 'old-key-1'));
    const later = await submitWithKey('yamada', 'old-key-1');
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('refuses a malformed key with a message under the header’s name', async () => {
    const res = await submitWithKey('yamada', 'not a key!');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ [IDEMPOTENCY_KEY_HEADER]: [API_MSG.idempotencyKeyInvalid] });
  });
});

describe('Idempotency-Key on other creations', () => {
  it('creates one approval proxy for a repeated POST', async () => {
    const suzuki = await as('suzuki');
    const principal = await userId(t, 'suzuki');
    const body = { proxy_id: await userId(t, 'yamaguchi'), start_date: '2031-03-01', end_date: '2031-03-10' };
    const send = () =>
      request(t.app)
        .post('/api/account/proxies/')
        .set(suzuki)
        .set(IDEMPOTENCY_KEY_HEADER, 'proxy-1')
        .send(body);
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const [row] = await t.db
      .select({ n: count() })
      .from(approvalProxies)
      .where(eq(approvalProxies.principalId, principal));
    expect(row!.n).toBe(1);
  });
});
