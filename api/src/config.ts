// The API's settings, read from the environment once at start and validated with zod. Every bad
// variable is reported together, so an operator fixes them in one go. Nothing else reads process.env:
// tests build an AppConfig in code (see test/support/test-config.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Relative paths (PORTAL_DATA_DIR, WEB_DIST_DIR) are resolved against the REPOSITORY ROOT, not the
 * working directory: `npm start` runs the API from `api/` while people think of `./data` as the
 * folder beside the README, and both must land in the same place.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where a restore may be stopped by a test (PORTAL_RESTORE_FAULT_AT): it kills itself there. */
export const RESTORE_FAULT_POINTS = [
  'checked',
  'replaced-kept',
  'schema-dropped',
  'rows-loading',
  'rows-loaded',
  'before-commit',
] as const;
export type RestoreFaultPoint = (typeof RESTORE_FAULT_POINTS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Express's `trust proxy` setting: off, on, a hop count, or a list of addresses/subnets. */
export type TrustProxy = boolean | number | string;

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "900", "900s", "15m", "12h", "14d" → seconds. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!match) return null;
  const [, amount, unit] = match;
  const seconds = Number(amount) * (DURATION_UNITS[unit || 's'] ?? 1);
  return seconds > 0 ? seconds : null;
}

const zDuration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const seconds = parseDuration(value);
      if (seconds === null) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a duration like 900, 15m, 12h or 14d, got "${value}"`,
        });
        return z.NEVER;
      }
      return seconds;
    });

const zPositiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const zOptionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const zTrustProxy = z
  .string()
  .default('false')
  .transform((value): TrustProxy => {
    const v = value.trim().toLowerCase();
    if (v === '' || v === 'false' || v === 'off' || v === 'no') return false;
    if (v === 'true' || v === 'on' || v === 'yes') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return value.trim();
  });

const zList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(/[\s,]+/)
      .map((item) => item.trim())
      .filter(Boolean),
  );

const zUrl = zOptionalText.pipe(
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
);

/** Lark's own Open API host (lark.Domain.Lark); a base URL sends the calls elsewhere (tests: a fake). */
export const LARK_DEFAULT_DOMAIN = 'https://open.larksuite.com';
/** Lark's H5 JS SDK as Lark's documentation links it (unverified: keep it configurable). */
export const LARK_DEFAULT_H5_SDK_URL = 'https://lf1-cdn-tos.bytegoofy.com/goofy/lark/op/h5-js-sdk-1.5.30.js';
export const OIDC_DEFAULT_LABEL = 'メールアカウントでログイン';
/** Where the CAS server posts single-logout requests, unless CAS_SINGLE_LOGOUT_PATH says otherwise. */
export const CAS_DEFAULT_SINGLE_LOGOUT_PATH = '/api/cas/single-logout/';
export const OIDC_CALLBACK_PATH = '/api/auth/mail/callback/';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORTAL_DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: zOptionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    JWT_SECRET: zOptionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ACCESS_TOKEN_TTL: zDuration('15m'),
    REFRESH_TOKEN_TTL: zDuration('14d'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    WEB_DIST_DIR: z.string().min(1).default('./web/dist'),
    LOGIN_RATE_LIMIT_PER_IP: zPositiveInt(30),
    LOGIN_RATE_LIMIT_PER_USERNAME: zPositiveInt(10),
    LOGIN_RATE_LIMIT_WINDOW: zDuration('15m'),
    HTTP_REQUEST_TIMEOUT: zDuration('30s'),
    HTTP_HEADERS_TIMEOUT: zDuration('10s'),
    SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
    PORTAL_RESTORE_FAULT_AT: z.enum(RESTORE_FAULT_POINTS).optional(),
    TRUST_PROXY: zTrustProxy,
    CSP_SCRIPT_SRC: zList,
    CSP_CONNECT_SRC: zList,
    PUBLIC_URL: zUrl,
    LARK_APP_ID: zOptionalText,
    LARK_APP_SECRET: zOptionalText,
    LARK_DOMAIN: zUrl,
    LARK_H5_SDK_URL: zUrl,
    LARK_PROVISION_EMAIL_DOMAINS: zList,
    CAS_SERVER_URL: zUrl,
    CAS_SINGLE_LOGOUT_PATH: z
      .string()
      .default(CAS_DEFAULT_SINGLE_LOGOUT_PATH)
      .refine((value) => /^\/[\w\-./]*$/.test(value), 'must be a path starting with /'),
    OIDC_ISSUER: zUrl,
    OIDC_CLIENT_ID: zOptionalText,
    OIDC_CLIENT_SECRET: zOptionalText,
    OIDC_REDIRECT_URI: zUrl,
    OIDC_LABEL: z.string().trim().min(1).default(OIDC_DEFAULT_LABEL),
    OIDC_SCOPES: z.string().trim().min(1).default('openid email profile'),
    REDIS_URL: zOptionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[\w-]+$/, 'letters, digits, _ and - only')
      .default('portal'),
    BOT_SERVICE_TOKEN: zOptionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    OUTBOX_POLL_MS: zPositiveInt(200),
    BACKUP_DIR: zOptionalText,
    BACKUP_AUTO: z.enum(['on', 'off']).default('on'),
    // At least 1 each: 0 would remove the archive just written (issue 33, finding 7).
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(1, 'must be at least 1').default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(1, 'must be at least 1').default(4),
    SHUTDOWN_GRACE: zDuration('10s'),
    SHUTDOWN_DELAY: z
      .string()
      .default('0')
      .transform((value, ctx) => {
        if (/^0+\s*[smhd]?$/.test(value.trim())) return 0;
        const seconds = parseDuration(value);
        if (seconds === null) {
          ctx.addIssue({ code: 'custom', message: `expected a duration like 0, 5 or 5s, got "${value}"` });
          return z.NEVER;
        }
        return seconds;
      }),
    // Readiness (issue 39): the outbox's oldest unsent row and the bot's heartbeat fail past these.
    OUTBOX_MAX_AGE: zDuration('60s'),
    BOT_HEARTBEAT_MAX_AGE: zDuration('30s'),
    // Prometheus metrics on a port of their own, never on the public one; off unless set.
    METRICS_PORT: zOptionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, 'must be a port number')
        .transform(Number)
        .pipe(z.number().int().min(0).max(65_535))
        .optional(),
    ),
    // Loopback unless the operator opens it to a scraper elsewhere: the series name queues, backups
    // and readiness checks, which are not for everyone on the network.
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  })
  .superRefine((env, ctx) => {
    const together = (names: readonly (keyof typeof env)[]) => {
      const set = names.filter((name) => env[name] !== undefined);
      if (set.length === 0 || set.length === names.length) return;
      for (const name of names.filter((n) => env[n] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${set.join(', ')}` });
      }
    };
    together(['LARK_APP_ID', 'LARK_APP_SECRET']);
    together(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
    if (env.OIDC_ISSUER && !env.OIDC_REDIRECT_URI && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_REDIRECT_URI'],
        message: 'is required with OIDC_ISSUER unless PUBLIC_URL is set',
      });
    }
    if (env.HTTP_HEADERS_TIMEOUT > env.HTTP_REQUEST_TIMEOUT) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT'],
        message: 'must not be longer than HTTP_REQUEST_TIMEOUT',
      });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when NODE_ENV=production (a random string of at least 32 characters)',
      });
    }
  });

export interface LoginRateLimit {
  /** Failed sign-ins one IP address may make per window (successful ones are refunded). */
  readonly perIp: number;
  /** Failed sign-ins one username may suffer per window, from any address. */
  readonly perUsername: number;
  readonly windowSeconds: number;
}

/** How long a client may take to send a request (Node's own defaults are 300 s and 60 s). */
export interface HttpTimeouts {
  /** The whole request, body included: a body shorter than its Content-Length is cut off then. */
  readonly requestTimeoutSeconds: number;
  /** The request line and headers. */
  readonly headersTimeoutSeconds: number;
}

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `pgliteDir`. */
  readonly databaseUrl: string | undefined;
  /** `${dataDir}/pglite`. */
  readonly pgliteDir: string;
  /** Unset in embedded mode means "generate one and keep it in the data folder" (see jwt-secret.ts). */
  readonly jwtSecret: string | undefined;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly logLevel: LogLevel;
  readonly webDistDir: string;
  readonly loginRateLimit: LoginRateLimit;
  readonly http: HttpTimeouts;
  readonly seedDemo: 'auto' | 'never';
  /** Tests only: `npm run restore` kills itself (SIGKILL) at this point (ops/backup/restore-backup.ts). */
  readonly restoreFaultAt?: RestoreFaultPoint;
  readonly trustProxy: TrustProxy;
  /** Extra CSP sources: script-src (e.g. Lark's H5 SDK host) and connect-src (e.g. FCM). */
  readonly csp: { readonly scriptSrc: readonly string[]; readonly connectSrc: readonly string[] };
  /** The portal's address as browsers reach it (no trailing slash), e.g. https://portal.example.co.jp. */
  readonly publicUrl: string | undefined;
  /** Silent sign-in inside the Lark app; null when LARK_APP_ID is unset. */
  readonly lark: LarkConfig | null;
  /** CAS single sign-on; null when CAS_SERVER_URL is unset. */
  readonly cas: CasConfig | null;
  /** Mail-account sign-in through OpenID Connect; null when OIDC_ISSUER is unset. */
  readonly oidc: OidcConfig | null;
  /** The queue to the Lark bot and the bot's credential. */
  readonly bot: BotLinkConfig;
  readonly backup: BackupConfig;
  /** How long running requests may take to finish once a stop is asked for (SHUTDOWN_GRACE). */
  readonly shutdownGraceSeconds: number;
  /** How long readiness answers 503 before the server stops accepting connections (SHUTDOWN_DELAY). */
  readonly shutdownDelaySeconds: number;
  readonly readiness: ReadinessConfig;
  /** Prometheus metrics (METRICS_PORT, METRICS_HOST); null when METRICS_PORT is unset. */
  readonly metrics: MetricsConfig | null;
}

export interface ReadinessConfig {
  /** The outbox check fails when the oldest unsent row is older (OUTBOX_MAX_AGE, default 60 s). */
  readonly outboxMaxAgeSeconds: number;
  /** The bot check fails when its workers' heartbeat is older (BOT_HEARTBEAT_MAX_AGE, default 30 s). */
  readonly botHeartbeatMaxAgeSeconds: number;
}

export interface MetricsConfig {
  readonly port: number;
  readonly host: string;
}

export interface BackupConfig {
  /** Where archives are written and looked for: BACKUP_DIR, default `${dataDir}/backups`. */
  readonly dir: string;
  /** The embedded database backs itself up daily and before applying migrations (PostgreSQL never does). */
  readonly auto: boolean;
  /** Automatic archives kept: the newest of each of the last `keepDaily` days and `keepWeekly` weeks. */
  readonly keepDaily: number;
  readonly keepWeekly: number;
}

export interface BotLinkConfig {
  /** Shared with the bot, which presents it on every call (modules/bot/service-credential.ts). */
  readonly serviceToken: string | undefined;
  /** The outbox relay (and the queue dashboard) run only when set. */
  readonly redisUrl: string | undefined;
  /** BullMQ key prefix, the same in the API and the bot: one per environment sharing a Redis. */
  readonly queuePrefix: string;
  /** How often the relay looks for unsent outbox rows. */
  readonly outboxPollMs: number;
}

export interface LarkConfig {
  readonly appId: string;
  readonly appSecret: string;
  /** Base URL of the Open API, no trailing slash. */
  readonly domain: string;
  readonly sdkUrl: string;
  /** A Lark user with no portal account gets one when their e-mail is in one of these domains. */
  readonly provisionEmailDomains: readonly string[];
}

export interface CasConfig {
  /** e.g. https://cas.example.co.jp/cas: login, p3/serviceValidate and logout live under it. */
  readonly serverUrl: string;
  readonly singleLogoutPath: string;
}

export interface OidcConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly label: string;
  readonly scopes: string;
}

/** What createApp needs: the configuration with the signing secret settled. */
export interface AppConfig extends Config {
  readonly jwtSecret: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.PORTAL_DATA_DIR);
  const lark: LarkConfig | null =
    e.LARK_APP_ID && e.LARK_APP_SECRET
      ? {
          appId: e.LARK_APP_ID,
          appSecret: e.LARK_APP_SECRET,
          domain: e.LARK_DOMAIN ?? LARK_DEFAULT_DOMAIN,
          sdkUrl: e.LARK_H5_SDK_URL ?? LARK_DEFAULT_H5_SDK_URL,
          provisionEmailDomains: e.LARK_PROVISION_EMAIL_DOMAINS.map((d) => d.replace(/^@/, '').toLowerCase()),
        }
      : null;
  const oidc: OidcConfig | null =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          redirectUri: e.OIDC_REDIRECT_URI ?? `${e.PUBLIC_URL ?? ''}${OIDC_CALLBACK_PATH}`,
          label: e.OIDC_LABEL,
          scopes: e.OIDC_SCOPES,
        }
      : null;
  // The page must be allowed to load Lark's H5 SDK: its origin joins script-src by itself.
  const scriptSrc = lark
    ? [...new Set([...e.CSP_SCRIPT_SRC, new URL(lark.sdkUrl).origin])]
    : e.CSP_SCRIPT_SRC;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR),
    loginRateLimit: {
      perIp: e.LOGIN_RATE_LIMIT_PER_IP,
      perUsername: e.LOGIN_RATE_LIMIT_PER_USERNAME,
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW,
    },
    http: { requestTimeoutSeconds: e.HTTP_REQUEST_TIMEOUT, headersTimeoutSeconds: e.HTTP_HEADERS_TIMEOUT },
    seedDemo: e.SEED_DEMO,
    ...(e.PORTAL_RESTORE_FAULT_AT ? { restoreFaultAt: e.PORTAL_RESTORE_FAULT_AT } : {}),
    trustProxy: e.TRUST_PROXY,
    csp: { scriptSrc, connectSrc: e.CSP_CONNECT_SRC },
    publicUrl: e.PUBLIC_URL,
    lark,
    cas: e.CAS_SERVER_URL
      ? { serverUrl: e.CAS_SERVER_URL, singleLogoutPath: e.CAS_SINGLE_LOGOUT_PATH }
      : null,
    oidc,
    bot: {
      serviceToken: e.BOT_SERVICE_TOKEN,
      redisUrl: e.REDIS_URL,
      queuePrefix: e.QUEUE_PREFIX,
      outboxPollMs: e.OUTBOX_POLL_MS,
    },
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(REPO_ROOT, e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      auto: e.BACKUP_AUTO === 'on',
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepWeekly: e.BACKUP_KEEP_WEEKLY,
    },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY,
    readiness: {
      outboxMaxAgeSeconds: e.OUTBOX_MAX_AGE,
      botHeartbeatMaxAgeSeconds: e.BOT_HEARTBEAT_MAX_AGE,
    },
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

/** The one place that touches process.env. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}

/** For an entry point: the configuration, or every problem printed (no stack trace) and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfigFromProcess();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
