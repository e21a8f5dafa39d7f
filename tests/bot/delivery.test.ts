// Issue #6, acceptance 1 (delivery): the same job run twice posts one card; a bot killed mid-batch
// and a Redis restarted lose nothing; Lark's rate-limit answers slow the queue instead of failing
// jobs; a user who stopped the bot is recorded, not retried. The dashboard is for staff only.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdOf } from '@portal/shared/contracts/bot-jobs';
import type { TTask } from '@portal/shared/contracts/tasks';
import { larkCardMessages } from '../../api/src/db/schema/bot.ts';
import { outbox } from '../../api/src/db/schema/outbox.ts';
import { LARK_CODES } from '../support/fakes/fake-lark.ts';
import { buttonValue, eventually, messagesTo } from './support/cards.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

const BOT_ENTRY = fileURLToPath(new URL('../../bot/src/index.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let h: Harness;
let ringiId: number;

beforeAll(async () => {
  h = await startHarness();
  ringiId = await h.workflowId('一般稟議');
});
afterAll(() => h?.close());

async function submit(username: string, title: string): Promise<TTask> {
  const res = await h.as(username)<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
    title,
    content: '内容',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const cardsAbout = (taskId: number) =>
  h.lark.messages.filter((m) => buttonValue(m.content, 'approve')?.task_id === taskId);

describe('idempotency', () => {
  it('posts one card when the same event runs twice, its job is added again or its message is sent again', async () => {
    const task = await submit('yamada', '二重送信');
    await eventually('the card', () => cardsAbout(task.id)[0]);
    const event = (await h.db.select().from(outbox)).find(
      (r) => (r.payload as { task_id: number }).task_id === task.id && r.topic === 'task.submit',
    )!;
    expect(event.sentAt).not.toBeNull();

    // The relay adds the row again (a crash between the add and marking it sent): same job id.
    await h.db.update(outbox).set({ sentAt: null }).where(eq(outbox.id, event.id));
    await h.relay.flush();
    // The event runs again from scratch (its job gone from Redis, e.g. after a day).
    await h.queues.events.remove(jobIdOf(event.idempotencyKey));
    await h.queues.events.add(
      event.topic,
      { key: event.idempotencyKey, payload: event.payload },
      { jobId: jobIdOf(event.idempotencyKey) },
    );
    // The Lark message job itself runs again (its job gone too): Lark's uuid drops the repeat.
    const sent = cardsAbout(task.id)[0]!;
    const sendJob = await eventually('the send job to complete (its card recorded)', async () =>
      (await h.queues.lark.getJobs(['completed'])).find((j) => (j.data as { key: string }).key === sent.uuid),
    );
    await sendJob.remove();
    await h.queues.lark.add('lark.send', sendJob.data, { jobId: sendJob.id });

    await eventually('the events and messages queues to drain', async () => {
      // (The events queue also holds the reminder schedulers' next ticks, delayed.)
      const [events, lark] = await Promise.all([
        h.queues.events.getJobCounts('waiting', 'active'),
        h.queues.lark.getJobCounts('waiting', 'active', 'delayed'),
      ]);
      const idle = [...Object.values(events), ...Object.values(lark)].every((n) => n === 0);
      return idle ? true : undefined;
    });
    expect(cardsAbout(task.id)).toHaveLength(1);
    const recorded = await h.db.select().from(larkCardMessages).where(eq(larkCardMessages.taskId, task.id));
    expect(recorded.map((r) => r.messageId)).toEqual([sent.message_id]);
  });
});

describe('crashes', () => {
  it('loses nothing when the bot is killed mid-batch and Redis restarts', async () => {
    await h.stopBot();
    const before = h.lark.messages.length;
    const tasks: TTask[] = [];
    for (let i = 0; i < 15; i++) tasks.push(await submit('yamada', `バッチ${i}`));
    await h.relay.flush();

    // A bot process (the real entry point) starts on the batch; suzuki takes 5 cards a second.
    const child = spawn(process.execPath, ['--import', 'tsx', BOT_ENTRY], {
      env: { ...process.env, ...h.botEnv },
      stdio: 'ignore',
    });
    await eventually(
      'some cards from the doomed bot',
      () => (h.lark.messages.length >= before + 3 ? true : undefined),
      30_000,
    );
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(h.lark.messages.length - before).toBeLessThan(15);

    await h.redis.crashAndRestart();
    await h.startBot();
    await eventually(
      'every card of the batch',
      () => (tasks.every((t) => cardsAbout(t.id).length > 0) ? true : undefined),
      60_000,
    );
    for (const task of tasks) expect(cardsAbout(task.id), `task ${task.id}`).toHaveLength(1);
    // Each card's message id was recorded with the API, so later events can update it.
    for (const task of tasks) {
      await eventually(`card of task ${task.id} recorded`, async () => {
        const rows = await h.db.select().from(larkCardMessages).where(eq(larkCardMessages.taskId, task.id));
        return rows.length === 1 ? true : undefined;
      });
    }
  });

  it('relays the outbox once Redis is back (rows wait unsent meanwhile)', async () => {
    await h.stopBot();
    await h.redis.crashAndRestart();
    const task = await submit('yamada', 'Redis 復帰後');
    await h.startBot();
    await eventually('the card after Redis came back', () => cardsAbout(task.id)[0]);
  });
});

describe('the bot process', () => {
  it('answers its health check and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', BOT_ENTRY], {
      env: { ...process.env, ...h.botEnv, BOT_PORT: String(port) },
      stdio: 'ignore',
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const health = await eventually(
      'the health check',
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
        return res?.status === 200 ? ((await res.json()) as unknown) : undefined;
      },
      30_000,
    );
    expect(health).toEqual({ status: 'ok' });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});

describe("Lark's answers", () => {
  it('slows down on a rate-limit answer (230020, HTTP 429) and still delivers, failing nothing', async () => {
    h.lark.failNext({ on: 'create', code: LARK_CODES.rateLimited, httpStatus: 400, times: 2 });
    h.lark.failNext({ on: 'create', code: 99991400, httpStatus: 429 });
    const before = h.lark.rateLimited.count;
    const task = await submit('yamada', '混雑時');
    await eventually('the card despite rate limits', () => cardsAbout(task.id)[0]);
    expect(h.lark.rateLimited.count - before).toBe(3);
    expect(await h.queues.lark.getFailedCount()).toBe(0);
  });

  it('retries a server error with backoff', async () => {
    h.lark.failNext({ on: 'create', code: 500, httpStatus: 500, times: 2 });
    const task = await submit('yamada', 'サーバーエラー');
    await eventually('the card after retries', () => cardsAbout(task.id)[0]);
  });

  it('records a user who stopped the bot as failed, without retrying', async () => {
    h.lark.stopBot(openIdOf('suzuki'));
    const task = await submit('yamada', '停止中');
    const failed = await eventually('the failed job', async () =>
      (await h.queues.lark.getFailed()).find(
        (j) => (j.data as { card?: { task_id: number } }).card?.task_id === task.id,
      ),
    );
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toContain('230053');
    expect(
      messagesTo(h.lark, openIdOf('suzuki')).some(
        (m) => buttonValue(m.content, 'approve')?.task_id === task.id,
      ),
    ).toBe(false);
  });
});

describe('the queue dashboard', () => {
  it('is for staff only', async () => {
    const board = `${h.apiUrl}/api/admin/queues/`;
    expect((await fetch(board)).status).toBe(401);
    const employee = await h.as('yamada')('POST', '/api/admin/queues/session/');
    expect(employee.status).toBe(403);

    const signIn = await fetch(`${h.apiUrl}/api/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    const { access } = (await signIn.json()) as { access: string };
    const session = await fetch(`${h.apiUrl}/api/admin/queues/session/`, {
      method: 'POST',
      headers: { authorization: `JWT ${access}` },
    });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    expect(session.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const page = await fetch(board, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const queues = await fetch(`${h.apiUrl}/api/admin/queues/api/queues`, { headers: { cookie } });
    expect(queues.status).toBe(200);
    const names = ((await queues.json()) as { queues: { name: string }[] }).queues.map((q) => q.name);
    expect(names.sort()).toEqual(['lark-messages', 'portal-events']);
  });
});
