// Issue 39: every request line names the signed-in user; every sign-in attempt has its own line with
// the username and never the password or a token.
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { users } from '../src/db/schema/users.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { awaiting, createWorkflow, submit, tokens, userId } from './support/workflow-fixtures.ts';

let t: TestContext;
const lines: string[] = [];
let app: ReturnType<typeof createApp>;
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  t = await createTestContext();
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  app = createApp({ config: t.config, db: t.db, logger });
});

afterAll(async () => {
  await t.close();
});

describe('the request log', () => {
  it("carries hr's user id on hr's request", async () => {
    const [hr] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
    expect(hr).toBeDefined();
    const { access } = await t.signIn('hr');
    const res = await request(app).get('/api/account/statistics/').set(t.auth(access));
    expect(res.status).toBe(200);
    const line = logged().find(
      (entry) => (entry.req as { url?: string } | undefined)?.url === '/api/account/statistics/',
    );
    expect(line?.userId).toBe(hr?.id);
  });

  it('writes a line per failed sign-in with the username, no password or token', async () => {
    const password = 'wrong-password-Zq93';
    const res = await request(app).post('/api/token-auth/').send({ username: 'hr', password });
    expect(res.status).toBe(401);
    const failure = logged().find((entry) => entry.msg === 'sign-in failed');
    expect(failure?.signIn).toMatchObject({ username: 'hr', ok: false });
    expect(lines.join('\n')).not.toContain(password);
  });

  it('writes a line per failed hand-over sign-in with the method, never the one-time code', async () => {
    const code = 'handoff-code-Xw71-not-issued';
    const res = await request(app).post('/api/auth/handoff/').send({ code });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const failure = logged().find(
      (entry) => entry.msg === 'sign-in failed' && (entry.signIn as { method?: string }).method === 'handoff',
    );
    expect(failure?.signIn).toMatchObject({ method: 'handoff', ok: false });
    expect(lines.join('\n')).not.toContain(code);
  });

  it('writes a line per successful sign-in with the username, without the password or the tokens', async () => {
    const res = await request(app).post('/api/token-auth/').send({ username: 'hr', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const { access, refresh } = res.body as { access: string; refresh: string };
    const success = logged().find((entry) => entry.msg === 'sign-in succeeded');
    expect(success?.signIn).toMatchObject({ username: 'hr', ok: true });
    const all = lines.join('\n');
    for (const secret of [DEMO_PASSWORD, access, refresh]) expect(all).not.toContain(secret);
  });

  it('writes a line per permission refusal naming the user', async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'yamada'));
    const { access } = await t.signIn('yamada');
    const res = await request(app).get('/api/admin/groups/').set(t.auth(access));
    expect(res.status).toBe(403);
    const refusal = logged().find((entry) => entry.msg === 'permission refused');
    expect(refusal?.userId).toBe(user?.id);
  });

  it('names the principal beside the user on the line of an approval made as their proxy', async () => {
    const as = tokens(t);
    const workflowId = await createWorkflow(t, {
      nodes: [{ order: 1, approvers: ['suzuki'], name: '課長承認' }],
    });
    const task = await submit(t, as, 'yamada', workflowId);
    const node = await awaiting(t, as, task.id, 'yamada');
    const [suzuki, kato] = [await userId(t, 'suzuki'), await userId(t, 'kato')];
    await t.db
      .insert(approvalProxies)
      .values({ principalId: suzuki, proxyId: kato, startDate: '2000-01-01', endDate: '2999-12-31' });
    try {
      const url = `/api/task/tasks/${task.id}/nodes/${node.id}/approval/`;
      const res = await request(app)
        .post(url)
        .set(await as('kato'))
        .send({ action: 'approve' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const line = logged().find((entry) => (entry.req as { url?: string } | undefined)?.url === url);
      expect(line).toMatchObject({ userId: kato, principalId: suzuki, res: { statusCode: 200 } });
      // A request made in one's own name carries no principal.
      const own = logged().find(
        (entry) => (entry.req as { url?: string } | undefined)?.url === '/api/account/statistics/',
      );
      expect(own).toBeDefined();
      expect(own).not.toHaveProperty('principalId');
    } finally {
      await t.db.delete(approvalProxies);
    }
  });
});
