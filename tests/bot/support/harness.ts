// The whole chain for one test file, every part real except Lark: a private redis-server, the API
// (createApp on an in-memory PGlite with the demo company) with its outbox relay, the bot (workers,
// HTTP callback route) and the fake Lark Open API the real SDK talks to. Demo users get Lark
// open_ids as if they had signed in through Lark: ou_<username>.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import { createApp } from '../../../api/src/app.ts';
import { openChangeFeed } from '../../../api/src/cache/change-feed.ts';
import { pgliteHandle, type DatabaseHandle } from '../../../api/src/db/client.ts';
import { ensurePermissions } from '../../../api/src/db/reference-data.ts';
import { larkBindings } from '../../../api/src/db/schema/lark.ts';
import { users } from '../../../api/src/db/schema/users.ts';
import { workflows } from '../../../api/src/db/schema/workflows.ts';
import { seedDemo } from '../../../api/src/seed/seed-demo.ts';
import { createLogger } from '../../../api/src/logger.ts';
import { openBotQueues, type BotQueues } from '../../../api/src/modules/outbox/bot-queues.ts';
import { startOutboxRelay, type OutboxRelay } from '../../../api/src/modules/outbox/relay.ts';
import { testConfig } from '../../../api/test/support/test-config.ts';
import { cheapDemoHash } from '../../../api/test/support/test-password.ts';
import { startBot, type RunningBot } from '../../../bot/src/bot.ts';
import { loadConfig } from '../../../bot/src/config/bot-config.ts';
import { createLogger as createBotLogger } from '../../../bot/src/logger.ts';
import { startFakeLark, type FakeLark } from '../../support/fakes/fake-lark.ts';
import { startRedisServer, type RedisServer } from '../../support/redis-server.ts';

export const SERVICE_TOKEN = 'bot-integration-service-token-0123456789';
export const ENCRYPT_KEY = 'fake-encrypt-key-for-callbacks';
export const VERIFICATION_TOKEN = 'fake-verification-token';
export const LARK_USERS = ['yamada', 'suzuki', 'sato', 'takahashi', 'tanaka', 'hr'] as const;
export const openIdOf = (username: string) => `ou_${username}`;

export interface Harness {
  readonly apiUrl: string;
  readonly db: DatabaseHandle['db'];
  readonly lark: FakeLark;
  readonly redis: RedisServer;
  readonly prefix: string;
  bot: RunningBot;
  readonly callbackUrl: string;
  readonly relay: OutboxRelay;
  readonly queues: BotQueues;
  /** The bot's settings as environment variables (to start it as a process). */
  readonly botEnv: Record<string, string>;
  /** Stops the in-process bot. */
  stopBot(): Promise<void>;
  /** Starts a new in-process bot (after stopBot). */
  startBot(): Promise<void>;
  workflowId(name: string): Promise<number>;
  /** POST/GET the API as a demo user (signed in once, by password). */
  as(
    username: string,
  ): <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Bot settings to change (environment names, e.g. BOT_CONCURRENCY). */
  readonly botEnv?: Record<string, string>;
  readonly relayPollMs?: number;
}

async function openDatabase(): Promise<DatabaseHandle> {
  const handle = pgliteHandle(await PGlite.create());
  await handle.migrate();
  await ensurePermissions(handle.db);
  await seedDemo(handle.db, { passwordHash: await cheapDemoHash() });
  const rows = await handle.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...LARK_USERS]));
  await handle.db
    .insert(larkBindings)
    .values(rows.map((r) => ({ userId: r.id, openId: openIdOf(r.username) })));
  return handle;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const runId = process.env.PORTAL_TEST_RUN_ID ?? 'local';
  const prefix = `portal-${runId}-${randomBytes(4).toString('hex')}`;
  const [redis, lark, database] = await Promise.all([startRedisServer(), startFakeLark(), openDatabase()]);
  const logger = createLogger('silent');

  const queues = openBotQueues({ redisUrl: redis.url, prefix, logger });
  const changes = await openChangeFeed(database, logger);
  const relay = startOutboxRelay({ db: database.db, queues, pollMs: options.relayPollMs ?? 25, logger });
  const app = createApp({
    config: testConfig({
      bot: { serviceToken: SERVICE_TOKEN, redisUrl: redis.url, queuePrefix: prefix, outboxPollMs: 25 },
    }),
    db: database.db,
    logger,
    changes,
    botQueues: [queues.events, queues.lark],
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const botEnv: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BOT_PORT: '0',
    BOT_HOST: '127.0.0.1',
    API_URL: apiUrl,
    PUBLIC_URL: 'https://portal.example.test',
    REDIS_URL: redis.url,
    QUEUE_PREFIX: prefix,
    BOT_SERVICE_TOKEN: SERVICE_TOKEN,
    BOT_BACKOFF_MS: '50',
    LARK_APP_ID: lark.appId,
    LARK_APP_SECRET: lark.appSecret,
    LARK_DOMAIN: lark.url,
    LARK_CALLBACK_MODE: 'http',
    LARK_ENCRYPT_KEY: ENCRYPT_KEY,
    LARK_VERIFICATION_TOKEN: VERIFICATION_TOKEN,
    // A killed bot's jobs go back to waiting after this long (BullMQ's stalled-job check).
    BOT_LOCK_MS: '2000',
    // No cron in tests (a real tick at 10:00 could message users): reminder tests add ticks themselves.
    ATTENDANCE_REMINDERS: 'off',
    ...options.botEnv,
  };
  const botConfig = loadConfig(botEnv);
  const botLogger = createBotLogger('silent');
  const bot = await startBot({ config: botConfig, logger: botLogger });

  const sessions = new Map<string, string>();
  const call = async (access: string | null, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        ...(access ? { authorization: `JWT ${access}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };

  const harness: Harness = {
    apiUrl,
    db: database.db,
    lark,
    redis,
    prefix,
    bot,
    callbackUrl: `${bot.url}${botConfig.lark.callbackPath}`,
    relay,
    queues,
    botEnv,
    async stopBot() {
      await harness.bot.close();
    },
    async startBot() {
      harness.bot = await startBot({ config: botConfig, logger: botLogger });
      (harness as { callbackUrl: string }).callbackUrl = `${harness.bot.url}${botConfig.lark.callbackPath}`;
    },
    async workflowId(name) {
      const rows = await database.db.select({ id: workflows.id, name: workflows.name }).from(workflows);
      const row = rows.find((r) => r.name === name);
      if (!row) throw new Error(`no workflow ${name}`);
      return row.id;
    },
    as(username) {
      return async <T>(method: string, path: string, body?: unknown) => {
        if (!sessions.has(username)) {
          const res = await call(null, 'POST', '/api/token-auth/', { username, password: 'demo1234' });
          if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status}`);
          sessions.set(username, (res.body as { access: string }).access);
        }
        const res = await call(sessions.get(username)!, method, path, body);
        return res as { status: number; body: T };
      };
    },
    async close() {
      // The file's own servers stop whatever the parts before them did: a close that threw once left
      // its redis-server running after the run.
      try {
        await harness.bot.close();
        await relay.stop();
        await queues.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await changes.close();
        await database.close();
      } finally {
        await Promise.allSettled([lark.close(), redis.stop()]);
      }
    },
  };
  return harness;
}
