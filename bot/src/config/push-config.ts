// Firebase Cloud Messaging settings. Push is off unless all three FIREBASE_* values are set; they are
// the fields of the service account key Firebase hands out (Project settings → Service accounts).
// They are checked here as firebase-admin checks them when the bot starts (an e-mail, a key that
// parses), so a bad one stops the bot with the other configuration errors instead of a stack trace.
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { BotConfigError } from './config-error.ts';

const ZPushEnv = z.object({
  FIREBASE_PROJECT_ID: z.string().trim().default(''),
  FIREBASE_CLIENT_EMAIL: z.string().trim().default(''),
  /** The PEM key; a one-line value with literal `\n` (as .env files hold it) is accepted too. */
  FIREBASE_PRIVATE_KEY: z
    .string()
    .default('')
    .transform((key) => key.replace(/\\n/g, '\n').trim()),
});

const isPrivateKey = (pem: string) => {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
};

/** Once all three are given. */
const ZPushCredentials = z.object({
  FIREBASE_PROJECT_ID: z.string(),
  FIREBASE_CLIENT_EMAIL: z.email('the service account e-mail (client_email of the key file)'),
  FIREBASE_PRIVATE_KEY: z
    .string()
    .refine(isPrivateKey, 'a PEM private key, -----BEGIN PRIVATE KEY----- … (private_key of the key file)'),
});

export interface FirebaseCredentials {
  readonly projectId: string;
  readonly clientEmail: string;
  readonly privateKey: string;
}

/** Null: push is off. Throws a BotConfigError when only some of the three are set, or one is bad. */
export function loadFirebaseCredentials(env: Record<string, string | undefined>): FirebaseCredentials | null {
  const parsed = ZPushEnv.safeParse(env);
  if (!parsed.success) throw BotConfigError.fromZod(parsed.error);
  const given = Object.values(parsed.data).filter(Boolean).length;
  if (given === 0) return null;
  if (given < 3) {
    throw new BotConfigError([
      'FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY: set all three or none',
    ]);
  }
  const checked = ZPushCredentials.safeParse(parsed.data);
  if (!checked.success) throw BotConfigError.fromZod(checked.error);
  const e = checked.data;
  return {
    projectId: e.FIREBASE_PROJECT_ID,
    clientEmail: e.FIREBASE_CLIENT_EMAIL,
    privateKey: e.FIREBASE_PRIVATE_KEY,
  };
}
