// Firebase Cloud Messaging settings. Push is off unless all three FIREBASE_* values are set; they are
// the fields of the service account key Firebase hands out (Project settings → Service accounts).
import { z } from 'zod';

const ZPushEnv = z.object({
  FIREBASE_PROJECT_ID: z.string().trim().default(''),
  FIREBASE_CLIENT_EMAIL: z.string().trim().default(''),
  /** The PEM key; a one-line value with literal `\n` (as .env files hold it) is accepted too. */
  FIREBASE_PRIVATE_KEY: z.string().default(''),
});

export interface FirebaseCredentials {
  readonly projectId: string;
  readonly clientEmail: string;
  readonly privateKey: string;
}

/** Null: push is off. Throws when only some of the three are set. */
export function loadFirebaseCredentials(env: Record<string, string | undefined>): FirebaseCredentials | null {
  const parsed = ZPushEnv.parse(env);
  const privateKey = parsed.FIREBASE_PRIVATE_KEY.replace(/\\n/g, '\n').trim();
  const given = [parsed.FIREBASE_PROJECT_ID, parsed.FIREBASE_CLIENT_EMAIL, privateKey].filter(Boolean);
  if (given.length === 0) return null;
  if (given.length < 3) {
    throw new Error(
      'Invalid bot configuration:\n  - FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY: set all three or none',
    );
  }
  return { projectId: parsed.FIREBASE_PROJECT_ID, clientEmail: parsed.FIREBASE_CLIENT_EMAIL, privateKey };
}
