// The one place that touches firebase-admin. Everything else sees PushTransport, the single call the
// bot makes (`sendEach`), so handlers are tested with what they hand it.
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getMessaging, type BatchResponse, type Message } from 'firebase-admin/messaging';
import type { FirebaseCredentials } from '../config/push-config.ts';

export interface PushTransport {
  /** At most 500 messages; one answer per message, in order (firebase-admin's `sendEach`). */
  sendEach(messages: Message[]): Promise<BatchResponse>;
  close(): Promise<void>;
}

let apps = 0;

/**
 * A firebase-admin app of its own (named, so tests and a second bot in one process never share the
 * default app). It initialises offline: the key is only used when the first message is sent.
 *
 * Sending uses firebase-admin's HTTP/1.1 transport instead of its HTTP/2 default: HTTP/1.1 goes
 * through Node's https agent (so a corporate proxy agent or a test's fake FCM can be put in
 * between), and our fan-out is a handful of devices per notification, where HTTP/2 gains nothing.
 */
export function createFirebaseTransport(credentials: FirebaseCredentials): PushTransport {
  const app: App = initializeApp(
    { credential: cert(credentials), projectId: credentials.projectId },
    `portal-bot-push-${++apps}`,
  );
  const messaging = getMessaging(app);
  messaging.enableLegacyHttpTransport();
  return {
    sendEach: (messages) => messaging.sendEach(messages),
    close: () => deleteApp(app),
  };
}
