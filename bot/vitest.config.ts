// The bot's own tests: pure parts (cards, signatures) beside the code, and the tests under test/.
// The integration tests with Redis, the API and a fake Lark live in tests/bot/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
});
