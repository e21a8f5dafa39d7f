// Every test file runs on its own fresh PGlite database. With PORTAL_TEST_PG_URL set, the "pg" project
// also runs the migration and auth tests against that PostgreSQL server (a throwaway database per
// file). Just the PostgreSQL part, either of:
//   PORTAL_TEST_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run --project pg
//   npx vitest run -c vitest.pg.config.ts      (defaults to the local server)
import { defineConfig } from 'vitest/config';
import { PG_TEST_FILES } from './vitest.pg.config.ts';

const pgUrl = process.env.PORTAL_TEST_PG_URL;

export default defineConfig({
  test: {
    // A PGlite instance takes 0.4–0.8 GB; the CI machines have two cores. initdb under load can take
    // half a minute, hence the generous hook timeout.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      ...(pgUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'pg',
                include: PG_TEST_FILES,
                env: { PORTAL_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
