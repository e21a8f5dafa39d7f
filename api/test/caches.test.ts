// The session check and the task lists answer from memory (src/cache/). Whatever changes what they
// hold must reach them: a write through this app at once, a write by anyone else (another replica, a
// script, the database itself) through the database's NOTIFY: announced by the replica that wrote, or
// sent by a trigger for writes from outside the API.
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openChangeFeed, type ChangeFeed } from '../src/cache/change-feed.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createLogger } from '../src/logger.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { testBackend } from './support/test-database.ts';
import { act, awaiting, createWorkflow, submit, tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
// One listening server per app: a page's links carry the host and port, and so does its cache key,
// which a new port per request (supertest given the bare app) would never hit.
const servers: Server[] = [];
function serve(app: ReturnType<typeof createApp>): Server {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  return server;
}
let api: Server;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  api = serve(t.app);
});
afterAll(async () => {
  for (const server of servers) server.close();
  await t?.close();
});

const ONE_STEP = [{ order: 1, approvers: ['suzuki'], name: '課長承認' }] as const;

async function approvalList(server: Server, username: string) {
  const res = await request(server)
    .get('/api/task/tasks/?filter=approval&page=1')
    .set(await as(username));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; results: { id: number; workflow_name: string }[] };
}

const listedIds = async (server: Server, username: string) =>
  (await approvalList(server, username)).results.map((r) => r.id);

describe('the session check', () => {
  it('stops a token at once when its session is revoked outside the app', async () => {
    const { access } = await t.signIn('yamada');
    const me = () => request(api).get('/api/account/statistics/').set(t.auth(access));
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200); // now answered from memory
    await t.db.execute(`update auth_sessions set revoked_at = now() where revoked_at is null
      and user_id = (select id from users where username = 'yamada')`);
    await expect.poll(async () => (await me()).status).toBe(401);
  });

  it('stops a token when its user is deactivated outside the app', async () => {
    const { access } = await t.signIn('ito');
    const me = () => request(api).get('/api/account/statistics/').set(t.auth(access));
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    await t.db.execute(`update users set is_active = false where username = 'ito'`);
    await expect.poll(async () => (await me()).status).toBe(401);
    await t.db.execute(`update users set is_active = true where username = 'ito'`);
  });
});

describe('the task lists', () => {
  it('show an approval made through the app in the very next answer', async () => {
    const workflowId = await createWorkflow(t, { nodes: ONE_STEP });
    const task = await submit(t, as, 'yamada', workflowId);
    expect(await listedIds(api, 'suzuki')).toContain(task.id);
    expect(await listedIds(api, 'suzuki')).toContain(task.id);
    const node = await awaiting(t, as, task.id, 'yamada');
    expect((await act(t, as, 'suzuki', task.id, node.id)).status).toBe(200);
    expect(await listedIds(api, 'suzuki')).not.toContain(task.id);
  });

  it('follow a change written straight into the database', async () => {
    const workflowId = await createWorkflow(t, { nodes: ONE_STEP });
    const task = await submit(t, as, 'yamada', workflowId);
    const nameOf = async () =>
      (await approvalList(api, 'suzuki')).results.find((r) => r.id === task.id)?.workflow_name;
    const before = await nameOf();
    expect(before).toBeDefined();
    await t.db.execute(`update workflows set name = name || '（改）' where id = ${workflowId}`);
    await expect.poll(nameOf).toBe(`${before}（改）`);
  });

  describe('with a second replica on the same database', () => {
    let other: { server: Server; changes: ChangeFeed; handle: DatabaseHandle };

    beforeAll(async () => {
      const logger = createLogger('silent');
      const handle = t.replica();
      const changes = await openChangeFeed(handle, logger);
      other = {
        server: serve(createApp({ config: t.config, db: handle.db, logger, changes })),
        changes,
        handle,
      };
    });
    afterAll(async () => {
      await other?.changes.close();
      await other?.handle.close();
    });

    it('the badges follow a request submitted here and approved there', async () => {
      const badge = async (server: Server) => {
        const res = await request(server)
          .get('/api/account/statistics/')
          .set(await as('suzuki'));
        expect(res.status).toBe(200);
        return (res.body as { approval_tasks: number }).approval_tasks;
      };
      const workflowId = await createWorkflow(t, { nodes: ONE_STEP });
      const before = await badge(api);
      expect(await badge(api)).toBe(before);
      const task = await submit(t, as, 'yamada', workflowId);
      expect(await badge(api)).toBe(before + 1);
      await expect.poll(() => badge(other.server)).toBe(before + 1);
      const node = await awaiting(t, as, task.id, 'yamada');
      const approved = await request(other.server)
        .post(`/api/task/tasks/${task.id}/nodes/${node.id}/approval/`)
        .set(await as('suzuki'))
        .send({ action: 'approve' });
      expect(approved.status).toBe(200);
      expect(await badge(other.server)).toBe(before);
      await expect.poll(() => badge(api)).toBe(before);
    });

    it('each sees what the other wrote', async () => {
      const workflowId = await createWorkflow(t, { nodes: ONE_STEP });
      const task = await submit(t, as, 'yamada', workflowId);
      await expect.poll(() => listedIds(other.server, 'suzuki')).toContain(task.id);
      expect(await listedIds(other.server, 'suzuki')).toContain(task.id); // from memory
      const node = await awaiting(t, as, task.id, 'yamada');
      expect((await act(t, as, 'suzuki', task.id, node.id)).status).toBe(200);
      await expect.poll(() => listedIds(other.server, 'suzuki')).not.toContain(task.id);
    });
  });
});

describe('what every form and submission reads again (cache/table-cache.ts)', () => {
  const formLabels = async (workflowId: number) => {
    const res = await request(api)
      .get(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamada'));
    expect(res.status).toBe(200);
    return (res.body as { fields: { label: string }[] }).fields.map((f) => f.label);
  };

  it('keeps a workflow’s fields while other tables are written, and drops them once a field changes', async () => {
    const workflowId = await createWorkflow(t, { nodes: ONE_STEP });
    const before = await formLabels(workflowId);
    expect(before.length).toBeGreaterThan(0);
    // A request submitted meanwhile writes tasks, not fields: the next read may come from memory.
    await submit(t, as, 'yamada', workflowId);
    expect(await formLabels(workflowId)).toEqual(before);
    await t.db.execute(
      `update workflow_fields set label = label || '（改）' where workflow_id = ${workflowId}`,
    );
    expect(await formLabels(workflowId)).toEqual(before.map((label) => `${label}（改）`));
  });

  it('follows a change written by anyone else (another handle: a script, a replica) through the triggers', async () => {
    const workflowId = await createWorkflow(t, { nodes: ONE_STEP });
    const before = await formLabels(workflowId);
    const outside = t.replica();
    try {
      await outside.db.execute(
        `update workflow_fields set label = label || '（外）' where workflow_id = ${workflowId}`,
      );
      await expect.poll(() => formLabels(workflowId)).toEqual(before.map((label) => `${label}（外）`));
      await outside.db.execute(
        `insert into company_days_off (date, name) values ('2031-03-04', '創立記念日')`,
      );
      await expect
        .poll(async () => {
          const res = await request(api)
            .get('/api/attendance/year/2031/month/3/')
            .set(await as('yamada'));
          return (res.body as { calendar: Record<string, string> }).calendar['2031-03-04'];
        })
        .toBe('nonlegal');
    } finally {
      await outside.close();
    }
  });

  it('sends a request to the approver named since the last one, after a sign-in between', async () => {
    const workflowId = await createWorkflow(t, { nodes: ONE_STEP });
    const first = await submit(t, as, 'yamada', workflowId);
    expect(await listedIds(api, 'suzuki')).toContain(first.id);
    await t.signIn('yamada'); // sets users.last_login, which no cache reads
    await t.db.execute(`update node_approvers set user_id = (select id from users where username = 'sato')
      where node_id in (select id from nodes where workflow_id = ${workflowId})`);
    const second = await submit(t, as, 'yamada', workflowId);
    expect(await listedIds(api, 'sato')).toContain(second.id);
    expect(await listedIds(api, 'suzuki')).not.toContain(second.id);
  });
});

// PGlite lives in this process and cannot drop its listener; a PostgreSQL connection can.
if (testBackend() === 'postgres') {
  describe('when the listening connection drops', () => {
    it('caches nothing until it is back, and misses nothing written meanwhile', async () => {
      const feed = await openChangeFeed(t.handle, createLogger('silent'));
      try {
        await expect.poll(() => feed.trusted('all')).toBe(true);
        const before = feed.version('all');
        await t.db.execute(`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`);
        await expect.poll(() => feed.trusted('all') === false || feed.version('all') > before).toBe(true);
        await expect.poll(() => feed.trusted('all')).toBe(true);
        expect(feed.version('all')).toBeGreaterThan(before);
      } finally {
        await feed.close();
      }
    });
  });
}
