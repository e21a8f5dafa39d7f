// Only the tests that must also hold on a real PostgreSQL (migrations, auth, task locking), against the server at
// PORTAL_TEST_PG_URL (default: the local trust-auth server). Each test file creates its own
// portal_test_<random> database there and drops it afterwards.
//   PORTAL_TEST_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run -c vitest.pg.config.ts
import { defineConfig } from 'vitest/config';

// hostile-input-walk: U+0000 and friends must be refused before PostgreSQL's own errors (22021).
// tasks-guard and vacations-concurrency hold the simultaneous-request tests, which only a pooled
// server truly runs in parallel; approval-list checks the triggers that keep task_awaiting;
// backup-restore reads and writes every table through the same archive format on both; write-watch
// follows transactions on node-postgres' pooled connections, which PGlite does not have;
// bot-lark-users reads the cards' names and Lark reach in one raw statement, whose rows each driver
// types its own way; leaver-silence checks the bot's notify lists, built in SQL (jsonb) with the
// transition's event.
export const PG_TEST_FILES = [
  'test/migrations.test.ts',
  'test/auth.test.ts',
  'test/tasks-guard.test.ts',
  'test/vacations-concurrency.test.ts',
  'test/assets-concurrency.test.ts',
  'test/approval-list.test.ts',
  'test/caches.test.ts',
  'test/write-watch.test.ts',
  'test/backup-restore.test.ts',
  'test/hostile-input-walk.test.ts',
  'test/proxies-concurrency.test.ts',
  'test/people-deactivation-concurrency.test.ts',
  'test/access-log-append-only.test.ts',
  'test/retention.test.ts',
  'test/paid-leave-rules.test.ts',
  'test/paid-leave-register.test.ts',
  'test/release-upgrade.test.ts',
  'test/periodic-job.test.ts',
  'test/bot-lark-users.test.ts',
  'test/leaver-silence.test.ts',
];

export default defineConfig({
  test: {
    name: 'pg',
    include: PG_TEST_FILES,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: {
      PORTAL_TEST_DB: 'postgres',
      PORTAL_TEST_PG_URL: process.env.PORTAL_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
