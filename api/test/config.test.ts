import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, REPO_ROOT } from '../src/config.ts';
import { withJwtSecret } from '../src/jwt-secret.ts';

describe('loadConfig', () => {
  it('fills in the documented defaults, with paths relative to the repository root', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      pgliteDir: path.join(REPO_ROOT, 'data', 'pglite'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 14 * 86_400,
      logLevel: 'info',
      webDistDir: path.join(REPO_ROOT, 'web', 'dist'),
      loginRateLimit: { perIp: 30, perUsername: 10, windowSeconds: 900 },
      seedDemo: 'auto',
      trustProxy: false,
      csp: { scriptSrc: [], connectSrc: [] },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://portal@db/portal',
      JWT_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL: '5m',
      REFRESH_TOKEN_TTL: '7d',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
      LOGIN_RATE_LIMIT_PER_IP: '50',
      LOGIN_RATE_LIMIT_PER_USERNAME: '5',
      LOGIN_RATE_LIMIT_WINDOW: '1h',
      SEED_DEMO: 'never',
      TRUST_PROXY: '1',
      CSP_SCRIPT_SRC: 'https://a.example, https://b.example',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://portal@db/portal',
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 7 * 86_400,
      loginRateLimit: { perIp: 50, perUsername: 5, windowSeconds: 3600 },
      seedDemo: 'never',
      trustProxy: 1,
      csp: { scriptSrc: ['https://a.example', 'https://b.example'], connectSrc: [] },
    });
  });

  it('reports every bad variable together', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        ACCESS_TOKEN_TTL: 'soon',
        SEED_DEMO: 'always',
        DATABASE_URL: 'mysql://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'ACCESS_TOKEN_TTL', 'SEED_DEMO', 'DATABASE_URL'])
      expect(problems).toContain(name);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET.*required when NODE_ENV=production/,
    );
  });

  it('refuses to keep zero daily or weekly backups, which would remove the archive just written', () => {
    for (const name of ['BACKUP_KEEP_DAILY', 'BACKUP_KEEP_WEEKLY']) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(`${name}: must be at least 1`);
    }
    expect(loadConfig({ BACKUP_KEEP_DAILY: '1', BACKUP_KEEP_WEEKLY: '1' }).backup).toMatchObject({
      keepDaily: 1,
      keepWeekly: 1,
    });
  });

  it('gives running requests 10 s to finish at a stop unless SHUTDOWN_GRACE says otherwise', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE: '1m' }).shutdownGraceSeconds).toBe(60);
    expect(() => loadConfig({ SHUTDOWN_GRACE: 'soon' })).toThrow('SHUTDOWN_GRACE');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['900', 900],
    ['15m', 900],
    ['12h', 43_200],
    ['14d', 1_209_600],
    ['0', null],
    ['15 minutes', null],
  ])('parses the duration %s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
});

describe('withJwtSecret', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('generates a secret on first start, keeps it in the data folder with mode 0600, and reuses it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-secret-'));
    const config = loadConfig({ PORTAL_DATA_DIR: path.join(dir, 'data') });
    const first = await withJwtSecret(config);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'data', 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await withJwtSecret(config)).jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers JWT_SECRET from the environment and writes no file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-secret-'));
    const secret = 's'.repeat(40);
    const config = loadConfig({ PORTAL_DATA_DIR: dir, JWT_SECRET: secret });
    expect((await withJwtSecret(config)).jwtSecret).toBe(secret);
    await expect(stat(path.join(dir, 'jwt-secret'))).rejects.toThrow();
  });

  it('refuses to start when the secret file is too short to be safe', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-secret-'));
    await writeFile(path.join(dir, 'jwt-secret'), 'short');
    await expect(withJwtSecret(loadConfig({ PORTAL_DATA_DIR: dir }))).rejects.toThrow(/no usable secret/);
  });
});
