// The bot's settings, read from the environment once at start and validated with zod; every bad
// variable is reported together (push and reminder settings included) in one BotConfigError, which
// index.ts prints without a stack trace. Nothing else reads process.env: tests build a BotConfig in code.
import { z } from 'zod';
import { BotConfigError } from './config-error.ts';
import { loadLarkNativeSettings, type LarkNativeSettings } from './lark-native-settings.ts';
import { loadFirebaseCredentials, type FirebaseCredentials } from './push-config.ts';
import { loadReminderSettings, type ReminderSettings } from './reminder-settings.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Lark's own Open API host; a base URL sends the calls elsewhere (tests: a fake). */
export const LARK_DEFAULT_DOMAIN = 'https://open.larksuite.com';
/**
 * Opens a portal URL inside Lark's in-app browser (`{url}` is replaced by the encoded address).
 * The applink form is unverified against a live tenant: keep it configurable.
 */
export const LARK_DEFAULT_APPLINK = 'https://applink.larksuite.com/client/web_url/open?mode=window&url={url}';

const zText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));
const zUrl = z.url({ protocol: /^(https?|rediss?)$/ }).transform((value) => value.replace(/\/+$/, ''));
const zInt = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    BOT_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    BOT_HOST: z.string().default('0.0.0.0'),
    /** The metrics' own port (GET /metrics); unset: no metrics server. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Loopback by default: the metrics are for the operator's network only. */
    METRICS_HOST: z.string().default('127.0.0.1'),
    API_URL: zUrl.default('http://127.0.0.1:3000'),
    /** The portal as users open it (links in cards); defaults to API_URL. */
    PUBLIC_URL: zText.pipe(zUrl.optional()),
    REDIS_URL: zUrl.default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[\w-]+$/, 'letters, digits, _ and - only')
      .default('portal'),
    BOT_SERVICE_TOKEN: z.string().min(32, 'must be at least 32 characters (shared with the API)'),
    BOT_CONCURRENCY: zInt(16),
    BOT_JOB_ATTEMPTS: zInt(8),
    BOT_BACKOFF_MS: zInt(1000),
    /** How long a job stays locked to a worker that stopped answering (crashed) before it is retried. */
    BOT_LOCK_MS: zInt(30_000, 1000),
    LARK_APP_ID: z.string().min(1),
    LARK_APP_SECRET: z.string().min(1),
    LARK_DOMAIN: zText.pipe(zUrl.optional()),
    LARK_APPLINK: z.string().includes('{url}').default(LARK_DEFAULT_APPLINK),
    /** How card clicks arrive: Lark's long connection (no public URL), an HTTP route, or both. */
    LARK_CALLBACK_MODE: z.enum(['ws', 'http', 'both']).default('ws'),
    LARK_CALLBACK_PATH: z
      .string()
      .regex(/^\/[\w\-./]*$/)
      .default('/lark/callback'),
    LARK_ENCRYPT_KEY: zText,
    LARK_VERIFICATION_TOKEN: zText,
    /** Seconds a signed callback's timestamp may be off; older ones are refused as replays. */
    LARK_CALLBACK_WINDOW: zInt(300),
    /** Lark's message limits per app (lark.md "Limits"); a tenant granted more raises them. */
    LARK_RATE_PER_APP: zInt(50),
    LARK_RATE_PER_APP_MINUTE: zInt(1000),
    /** Milliseconds added to each limit window for the jitter between our send and Lark's count. */
    LARK_RATE_MARGIN_MS: zInt(10, 0),
    LARK_RATE_PER_USER: zInt(5),
  })
  .superRefine((env, ctx) => {
    if (env.LARK_CALLBACK_MODE !== 'ws' && !env.LARK_ENCRYPT_KEY) {
      // The SDK lets unsigned 2.0 callbacks through without one (lark.md): never run HTTP unsigned.
      ctx.addIssue({
        code: 'custom',
        path: ['LARK_ENCRYPT_KEY'],
        message: 'is required when LARK_CALLBACK_MODE is http or both',
      });
    }
  });

export interface BotConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly port: number;
  readonly host: string;
  /** Absent: no metrics server. */
  readonly metrics?: { readonly port: number; readonly host: string } | null;
  readonly apiUrl: string;
  readonly publicUrl: string;
  readonly redisUrl: string;
  /** BullMQ key prefix: one per environment (and per test run) sharing a Redis. */
  readonly queuePrefix: string;
  readonly serviceToken: string;
  readonly concurrency: number;
  readonly attempts: number;
  readonly backoffMs: number;
  readonly lockMs: number;
  readonly lark: {
    readonly appId: string;
    readonly appSecret: string;
    readonly domain: string;
    readonly applink: string;
    readonly callbackMode: 'ws' | 'http' | 'both';
    readonly callbackPath: string;
    readonly encryptKey: string | undefined;
    readonly verificationToken: string | undefined;
    readonly callbackWindowSeconds: number;
    readonly ratePerApp: number;
    readonly ratePerAppMinute: number;
    readonly rateMarginMs: number;
    readonly ratePerUser: number;
  };
  /** FCM push (push/push-config.ts); absent or null: off. */
  readonly firebase?: FirebaseCredentials | null;
  /** Attendance reminder schedulers (reminders/reminder-settings.ts); absent: none are set up. */
  readonly reminders?: ReminderSettings;
  /** Approval Center, quick approval, time off, badge (lark-native-settings.ts); absent: all off. */
  readonly larkNative?: LarkNativeSettings;
}

export { BotConfigError };

/** Runs the settings loader of one part, collecting its problems instead of stopping at them. */
function collecting<T>(problems: string[], load: () => T): T | undefined {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof BotConfigError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
}

export function loadConfig(env: Record<string, string | undefined>): BotConfig {
  const problems: string[] = [];
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) problems.push(...BotConfigError.fromZod(parsed.error).problems);
  const firebase = collecting(problems, () => loadFirebaseCredentials(env));
  const reminders = collecting(problems, () => loadReminderSettings(env));
  const larkNative = collecting(problems, () => loadLarkNativeSettings(env));
  if (!parsed.success || problems.length > 0) throw new BotConfigError(problems);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    port: e.BOT_PORT,
    host: e.BOT_HOST,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    apiUrl: e.API_URL,
    publicUrl: e.PUBLIC_URL ?? e.API_URL,
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    serviceToken: e.BOT_SERVICE_TOKEN,
    concurrency: e.BOT_CONCURRENCY,
    attempts: e.BOT_JOB_ATTEMPTS,
    backoffMs: e.BOT_BACKOFF_MS,
    lockMs: e.BOT_LOCK_MS,
    lark: {
      appId: e.LARK_APP_ID,
      appSecret: e.LARK_APP_SECRET,
      domain: e.LARK_DOMAIN ?? LARK_DEFAULT_DOMAIN,
      applink: e.LARK_APPLINK,
      callbackMode: e.LARK_CALLBACK_MODE,
      callbackPath: e.LARK_CALLBACK_PATH,
      encryptKey: e.LARK_ENCRYPT_KEY,
      verificationToken: e.LARK_VERIFICATION_TOKEN,
      callbackWindowSeconds: e.LARK_CALLBACK_WINDOW,
      ratePerApp: e.LARK_RATE_PER_APP,
      ratePerAppMinute: e.LARK_RATE_PER_APP_MINUTE,
      rateMarginMs: e.LARK_RATE_MARGIN_MS,
      ratePerUser: e.LARK_RATE_PER_USER,
    },
    firebase,
    reminders,
    larkNative,
  };
}
