// Issue 12, item 2: simultaneous proxy requests of one principal for overlapping periods: exactly one
// is stored, the others get the overlap message. Also run on PostgreSQL (vitest.pg.config.ts), where
// the requests really run in parallel.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, userIds, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

describe('simultaneous proxy requests (item 2)', () => {
  it('stores one of several overlapping periods sent at once; the rest get 400', async () => {
    const suzuki = await as('suzuki');
    const [principal, ...proxies] = await userIds(
      t,
      'suzuki',
      'yamada',
      'tanaka',
      'kato',
      'goto',
      'ito',
      'sato',
    );
    const responses = await Promise.all(
      proxies.map((proxyId, i) =>
        request(t.app)
          .post('/api/account/proxies/')
          .set(suzuki)
          .send({ proxy_id: proxyId, start_date: `2031-03-0${1 + i}`, end_date: '2031-03-20' }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
    for (const res of responses.filter((r) => r.status === 400))
      expect(res.body.non_field_errors).toEqual([WORKFLOW_MSG.proxyOverlap]);
    const stored = await t.db
      .select({ id: approvalProxies.id })
      .from(approvalProxies)
      .where(eq(approvalProxies.principalId, principal!));
    expect(stored).toHaveLength(1);
  });
});
