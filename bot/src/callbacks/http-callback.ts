// The HTTP callback route (LARK_CALLBACK_MODE http or both). Every request must be signed with the
// encrypt key and fresh; a request seen before (same nonce and signature) is a replay: 401 like a bad
// signature. The url_verification challenge is answered only when it was encrypted with our key or
// signed. A card action redelivered by Lark (same event_id) does not act twice.
import type http from 'node:http';
import { z } from 'zod';
import type { Redis } from 'ioredis';
import type { BotConfig } from '../config/bot-config.ts';
import type { Logger } from '../logger.ts';
import type { CardAnswer } from './card-action.ts';
import { checkSignature, decryptBody } from './signature.ts';

const MAX_BODY_BYTES = 1024 * 1024;

const ZEnvelope = z.object({
  type: z.string().optional(),
  challenge: z.string().optional(),
  token: z.string().optional(),
  header: z
    .object({
      event_id: z.string().optional(),
      event_type: z.string().optional(),
      token: z.string().optional(),
    })
    .optional(),
  event: z.record(z.string(), z.unknown()).optional(),
});

export interface HttpCallbackDeps {
  readonly config: BotConfig;
  readonly redis: Redis;
  readonly logger: Logger;
  readonly onCardAction: (event: unknown) => Promise<CardAnswer>;
  readonly now?: () => number;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Refused(413, 'body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Refused(400, 'not JSON');
  }
}

export function httpCallbackHandler(deps: HttpCallbackDeps) {
  const { config, redis, logger } = deps;
  const { encryptKey, verificationToken, callbackWindowSeconds: window } = config.lark;
  const key = encryptKey ?? '';
  const now = deps.now ?? Date.now;
  const header = (req: http.IncomingMessage, name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  /** True the first time `id` is seen within the window (kept in Redis, shared by replicas). */
  const firstTime = async (kind: string, id: string) =>
    (await redis.set(`${config.queuePrefix}:lark-callback:${kind}:${id}`, '1', 'EX', window * 2, 'NX')) ===
    'OK';

  async function answer(req: http.IncomingMessage): Promise<unknown> {
    const raw = await readBody(req);
    const signed = {
      timestamp: header(req, 'x-lark-request-timestamp'),
      nonce: header(req, 'x-lark-request-nonce'),
      signature: header(req, 'x-lark-signature'),
      body: raw,
    };
    const check = checkSignature(signed, key, window, now());
    let outer = ZEnvelope.extend({ encrypt: z.string().optional() }).safeParse(parseJson(raw)).data ?? {};
    let decrypted = false;
    if (outer.encrypt) {
      try {
        outer = ZEnvelope.safeParse(parseJson(decryptBody(outer.encrypt, key))).data ?? {};
        decrypted = true;
      } catch {
        throw new Refused(401, 'cannot decrypt');
      }
    }
    if (outer.type === 'url_verification' && (check.ok || decrypted)) {
      if (verificationToken && outer.token !== verificationToken) throw new Refused(401, 'bad token');
      return { challenge: outer.challenge };
    }
    if (!check.ok) throw new Refused(401, check.reason);
    if (!(await firstTime('nonce', `${signed.nonce}:${signed.signature}`))) throw new Refused(401, 'replay');
    if (verificationToken && outer.header?.token !== verificationToken) throw new Refused(401, 'bad token');
    if (outer.header?.event_type !== 'card.action.trigger' || !outer.event) return {};
    const eventId = outer.header.event_id;
    if (eventId && !(await firstTime('event', eventId))) return {};
    return deps.onCardAction(outer.event);
  }

  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    let status = 200;
    let body: unknown;
    try {
      body = await answer(req);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      logger.warn({ reason: error.reason }, 'lark callback refused');
      status = error.status;
      body = { code: status, msg: error.reason };
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
}
