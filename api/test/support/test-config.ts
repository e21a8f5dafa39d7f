import path from 'node:path';
import { REPO_ROOT, type AppConfig } from '../../src/config.ts';

/** A complete configuration built in code: tests never read the environment for app settings. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(REPO_ROOT, 'data-test-unused'),
    databaseUrl: undefined,
    pgliteDir: path.join(REPO_ROOT, 'data-test-unused', 'pglite'),
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 14 * 86_400,
    logLevel: 'silent',
    // No built web app in API tests unless a test points here on purpose.
    webDistDir: path.join(REPO_ROOT, 'api', 'test', 'no-web-dist'),
    loginRateLimit: { perIp: 1000, perUsername: 1000, windowSeconds: 900 },
    http: { requestTimeoutSeconds: 30, headersTimeoutSeconds: 10 },
    seedDemo: 'never',
    trustProxy: false,
    csp: { scriptSrc: [], connectSrc: [] },
    publicUrl: undefined,
    lark: null,
    cas: null,
    oidc: null,
    bot: { serviceToken: undefined, redisUrl: undefined, queuePrefix: 'portal-test', outboxPollMs: 200 },
    backup: {
      dir: path.join(REPO_ROOT, 'data-test-unused', 'backups'),
      auto: false,
      keepDaily: 7,
      keepWeekly: 4,
    },
    shutdownGraceSeconds: 10,
    shutdownDelaySeconds: 0,
    readiness: { outboxMaxAgeSeconds: 60, botHeartbeatMaxAgeSeconds: 30 },
    metrics: null,
    ...overrides,
  };
}
