// The bot's integration tests (tests/bot/): API, outbox relay, Redis, bot and a fake Lark, each file
// with its own private redis-server and in-memory database. One file at a time: each holds a PGlite.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bot/**/*.test.ts'],
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
