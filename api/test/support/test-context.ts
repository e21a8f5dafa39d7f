// One app on one fresh database, for one test file:
//   const t = await createTestContext();            // demo company loaded
//   const { access } = await t.signIn('yamada');
//   await request(t.app).get('/api/organizations/').set(t.auth(access));
//   afterAll(() => t.close());
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { createApp } from '../../src/app.ts';
import { openChangeFeed } from '../../src/cache/change-feed.ts';
import type { AppConfig } from '../../src/config.ts';
import type { DatabaseHandle, Db } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { createLogger } from '../../src/logger.ts';
import { testConfig } from './test-config.ts';
import { openTestDatabase, type TestDataset } from './test-database.ts';

export interface TestContext {
  readonly app: Express;
  readonly db: Db;
  /** The database handle itself, for what a test must open beside the app (a second replica's feed). */
  readonly handle: DatabaseHandle;
  /** A second handle on the same database, as another replica opens it; the caller closes it. */
  replica(): DatabaseHandle;
  readonly config: AppConfig;
  /** Signs in through the real endpoint (demo password by default) and returns the token pair. */
  signIn(username: string, password?: string): Promise<{ access: string; refresh: string }>;
  /** Another app on the same database with some settings changed (e.g. low rate limits). */
  appWith(overrides: Partial<AppConfig>): Express;
  /** The Authorization header for an access token. */
  auth(access: string): { Authorization: string };
  close(): Promise<void>;
}

export async function createTestContext(
  options: { dataset?: TestDataset; config?: Partial<AppConfig> } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(options.dataset ?? 'seeded');
  const config = testConfig(options.config);
  const logger = createLogger(config.logLevel);
  // Every API test runs with the caches on, as the product does.
  const changes = await openChangeFeed(database.handle, logger);
  const build = (c: AppConfig) =>
    createApp({ config: c, db: database.handle.db, logger: createLogger(c.logLevel), changes });
  const app = build(config);
  return {
    app,
    appWith: (overrides) => build({ ...config, ...overrides }),
    db: database.handle.db,
    handle: database.handle,
    replica() {
      if (!database.replica) throw new Error('this test database opens no second handle');
      return database.replica();
    },
    config,
    async signIn(username, password = DEMO_PASSWORD) {
      const res = await request(app).post('/api/token-auth/').send({ username, password });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { access: string; refresh: string };
    },
    auth: (access) => ({ Authorization: `JWT ${access}` }),
    async close() {
      await changes.close();
      await database.dispose();
    },
  };
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** Every string anywhere in an error body, so a test can insist it speaks Japanese. */
export function messagesOf(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap(messagesOf);
  if (body && typeof body === 'object') return Object.values(body).flatMap(messagesOf);
  return [];
}

export function expectJapaneseError(body: unknown): void {
  const messages = messagesOf(body).filter((m) => JAPANESE.test(m));
  expect(messages.length, `no Japanese message in ${JSON.stringify(body)}`).toBeGreaterThan(0);
}
