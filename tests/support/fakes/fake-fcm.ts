// A fake Google OAuth token endpoint and FCM HTTP v1 API on 127.0.0.1, for the real firebase-admin.
// firebase-admin has no emulator or host setting for FCM (stack-notes.md), so routeHttpsTo() swaps
// the process's https transport: every https request (the service-account token exchange and the
// messages:send calls) reaches this server instead of Google, whatever host it names. The JWT the
// credential signs is checked against the public key of the test's generated service account.
import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import https from 'node:https';
import net from 'node:net';
import { listenLocal, readBody, sendJson } from './listen.ts';

export interface FakeServiceAccount {
  readonly projectId: string;
  readonly clientEmail: string;
  readonly privateKey: string;
  readonly publicKey: string;
}

/** A service account with a freshly generated RSA key, as Firebase's JSON key file describes one. */
export function generateServiceAccount(projectId = 'portal-test'): FakeServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    projectId,
    clientEmail: `firebase-adminsdk@${projectId}.iam.gserviceaccount.com`,
    privateKey,
    publicKey,
  };
}

export interface FcmRequest {
  readonly host: string;
  readonly path: string;
  readonly authorization: string;
  /** The v1 request body: `{ message }` (and validate_only on a dry run). */
  readonly body: { message: Record<string, unknown>; validate_only?: boolean };
}

/**
 * How FCM v1 answers a token: 'unregistered' 404 UNREGISTERED, 'invalid' 400 INVALID_ARGUMENT,
 * 'internal' 500 INTERNAL (firebase-admin itself retries only 503, with delays of seconds).
 */
export type FcmTokenState = 'unregistered' | 'invalid' | 'internal';

export interface FakeFcm {
  readonly url: string;
  readonly account: FakeServiceAccount;
  /** Every messages:send request, in order. */
  readonly sent: FcmRequest[];
  /** Token exchanges that presented a JWT signed by the account's key. */
  tokenExchanges: number;
  setTokenState(token: string, state: FcmTokenState | null): void;
  close(): Promise<void>;
}

const fcmError = (status: number, code: string, message: string, errorCode?: string) => ({
  error: {
    code: status,
    message,
    status: code,
    details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [],
  },
});

function base64url(text: string): Buffer {
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** True when `assertion` is an RS256 JWT issued by the account and signed with its key. */
function validAssertion(assertion: string, account: FakeServiceAccount): boolean {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return false;
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    account.publicKey,
    base64url(signature),
  );
  const claims = JSON.parse(base64url(payload).toString('utf8')) as { iss?: string };
  return signed && claims.iss === account.clientEmail;
}

export async function startFakeFcm(account: FakeServiceAccount = generateServiceAccount()): Promise<FakeFcm> {
  const sent: FcmRequest[] = [];
  const states = new Map<string, FcmTokenState>();
  const accessTokens = new Set<string>();
  const fake = {
    tokenExchanges: 0,
  };

  const listening = await listenLocal(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '/';
    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(body);
      if (!validAssertion(form.get('assertion') ?? '', account)) {
        return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      fake.tokenExchanges++;
      const token = `ya29.fake-${randomUUID()}`;
      accessTokens.add(token);
      return sendJson(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    if (req.method === 'POST' && path === `/v1/projects/${account.projectId}/messages:send`) {
      const authorization = req.headers.authorization ?? '';
      if (!accessTokens.has(authorization.replace(/^Bearer /, ''))) {
        return sendJson(
          res,
          401,
          fcmError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
        );
      }
      const parsed = JSON.parse(body) as FcmRequest['body'];
      sent.push({ host: req.headers.host ?? '', path, authorization, body: parsed });
      const token = typeof parsed.message.token === 'string' ? parsed.message.token : '';
      switch (states.get(token)) {
        case 'unregistered':
          return sendJson(
            res,
            404,
            fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'),
          );
        case 'invalid':
          return sendJson(
            res,
            400,
            fcmError(
              400,
              'INVALID_ARGUMENT',
              'The registration token is not a valid FCM registration token',
              'INVALID_ARGUMENT',
            ),
          );
        case 'internal':
          return sendJson(res, 500, fcmError(500, 'INTERNAL', 'Internal error encountered.', 'INTERNAL'));
        default:
          return sendJson(res, 200, { name: `projects/${account.projectId}/messages/${randomUUID()}` });
      }
    }
    sendJson(res, 404, fcmError(404, 'NOT_FOUND', `no route ${req.method} ${path}`));
  });

  return Object.assign(fake, {
    url: listening.url,
    account,
    sent,
    setTokenState(token: string, state: FcmTokenState | null) {
      if (state) states.set(token, state);
      else states.delete(token);
    },
    close: () => listening.close(),
  });
}

/**
 * Sends every https request of this process to `url` (plain HTTP on 127.0.0.1) until the returned
 * function is called. Only the transport changes: the request, its Host header and path stay as
 * firebase-admin and google-auth-library wrote them.
 */
export function routeHttpsTo(url: string): () => void {
  const { port, hostname } = new URL(url);
  class ToFake extends https.Agent {
    override createConnection(): net.Socket {
      return net.connect(Number(port), hostname);
    }
  }
  const original = https.globalAgent;
  const agent = new ToFake({ keepAlive: false });
  https.globalAgent = agent;
  return () => {
    https.globalAgent = original;
    agent.destroy();
  };
}
