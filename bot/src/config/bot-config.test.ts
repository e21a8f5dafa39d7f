// Every bad setting — the bot's own, FIREBASE_* and REMINDER_* alike — stops the bot with one
// formatted list of problems (BotConfigError), and the process prints it without a stack trace.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BotConfigError, loadConfig } from './bot-config.ts';

const REQUIRED = {
  BOT_SERVICE_TOKEN: 'config-test-service-token-0123456789abcdef',
  LARK_APP_ID: 'cli_config_test',
  LARK_APP_SECRET: 'secret',
};
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const FIREBASE = {
  FIREBASE_PROJECT_ID: 'portal-test',
  FIREBASE_CLIENT_EMAIL: 'firebase-adminsdk@portal-test.iam.gserviceaccount.com',
  // As a .env file holds it: one line with literal \n.
  FIREBASE_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n'),
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof BotConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('loadConfig', () => {
  it('serves no metrics unless METRICS_PORT is set, and then on loopback unless METRICS_HOST opens it', () => {
    expect(loadConfig(REQUIRED).metrics).toBeNull();
    expect(loadConfig({ ...REQUIRED, METRICS_PORT: '9465' }).metrics).toEqual({
      port: 9465,
      host: '127.0.0.1',
    });
    expect(() => loadConfig({ ...REQUIRED, METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });

  it('accepts good push and reminder settings', () => {
    const config = loadConfig({ ...REQUIRED, ...FIREBASE, REMINDER_TZ: 'UTC' });
    expect(config.firebase).toEqual({
      projectId: 'portal-test',
      clientEmail: FIREBASE.FIREBASE_CLIENT_EMAIL,
      privateKey: privateKey.trim(),
    });
    expect(config.reminders?.timeZone).toBe('UTC');
    expect(loadConfig(REQUIRED).firebase).toBeNull();
  });

  it('reports bad FIREBASE_* and REMINDER_* values together with the other settings, as one error', () => {
    let error: unknown;
    try {
      loadConfig({
        ...REQUIRED,
        BOT_PORT: 'eighty',
        FIREBASE_PROJECT_ID: 'portal-test',
        REMINDER_TZ: 'Mars/Olympus',
        REMINDER_MONTH_END_CRON: 'daily',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BotConfigError);
    expect((error as BotConfigError).message).toBe(
      [
        'Invalid bot configuration:',
        '  - BOT_PORT: Invalid input: expected number, received NaN',
        '  - FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY: set all three or none',
        '  - REMINDER_MONTH_END_CRON: a cron pattern of 5 or 6 fields, e.g. 0 0 10 * * 1-5',
        '  - REMINDER_TZ: an IANA time zone, e.g. Asia/Tokyo',
      ].join('\n'),
    );
  });

  it('refuses a Firebase key that does not parse and an e-mail that is none, as firebase-admin would at start', () => {
    expect(
      problemsOf({
        ...REQUIRED,
        ...FIREBASE,
        FIREBASE_CLIENT_EMAIL: 'firebase-adminsdk',
        FIREBASE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnot a key\\n-----END PRIVATE KEY-----',
      }),
    ).toEqual([
      'FIREBASE_CLIENT_EMAIL: the service account e-mail (client_email of the key file)',
      'FIREBASE_PRIVATE_KEY: a PEM private key, -----BEGIN PRIVATE KEY----- … (private_key of the key file)',
    ]);
    expect(problemsOf({ ...REQUIRED, REMINDER_FIRST_BUSINESS_DAYS: '99' })).toEqual([
      'REMINDER_FIRST_BUSINESS_DAYS: Too big: expected number to be <=10',
    ]);
  });
});

describe('the bot process', () => {
  it('stops with the formatted list, exit code 1 and no stack trace, on a bad REMINDER_* or FIREBASE_* value', async () => {
    const entry = fileURLToPath(new URL('../index.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      // Only these settings: nothing of the test's environment (a real FIREBASE_* or REDIS_URL) leaks in.
      env: {
        PATH: process.env.PATH,
        ...REQUIRED,
        REMINDER_TZ: 'Mars/Olympus',
        FIREBASE_CLIENT_EMAIL: 'x@y.z',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      [
        'Invalid bot configuration:',
        '  - FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY: set all three or none',
        '  - REMINDER_TZ: an IANA time zone, e.g. Asia/Tokyo',
        '',
      ].join('\n'),
    );
  });
});
