// Safe retries (issue 20): a POST sent with `Idempotency-Key` is claimed for its user before the
// handler runs, and the answer is stored before it is sent, so a retry whose first answer was lost
// (a phone losing signal, a restart) gets that same answer and creates nothing new. The same key with
// another request, or while the first is still running, is refused with 409. Answers of 500 and above
// are not kept: a retry runs again; answers over IDEMPOTENT_ANSWER_MAX_BYTES keep only their status
// and created id. Runs after authentication: keys are per user, so another user's key never meets
// this one.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAY_HEADER,
} from '@portal/shared/http';
import { API_MSG } from '@portal/shared/messages';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { Conflict, ValidationError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { contextOf } from './authenticate.ts';

const KEY_FORMAT = /^[A-Za-z0-9._:-]{1,255}$/;
/** A claim this old with no answer belongs to a process that died mid-request: a retry takes it over. */
const ABANDONED_AFTER_SECONDS = 120;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/**
 * Answers kept whole up to this size (a created request's detail is a few KB). A bigger one (an
 * import's preview of 2,000 rows) keeps only its status and the id it created (issue 32): a hundred
 * previews with fresh keys stored 82 MB of answers nobody would replay.
 */
export const IDEMPOTENT_ANSWER_MAX_BYTES = 64 * 1024;

/** What is stored of an answer: the body, or past the cap `{ id }` when it names one, else nothing. */
export function storedAnswer(body: unknown): unknown {
  if (body === null || body === undefined) return null;
  if (Buffer.byteLength(JSON.stringify(body)) <= IDEMPOTENT_ANSWER_MAX_BYTES) return body;
  const id = typeof body === 'object' && !Array.isArray(body) ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? { id } : null;
}

function fingerprintOf(req: Request): string {
  const body = createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('base64url');
  return `${req.method} ${req.baseUrl}${req.path} ${body}`;
}

export function idempotentRetries(db: Db, logger: Logger): RequestHandler {
  let purgedAt = 0;
  const purge = () => {
    if (Date.now() - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = Date.now();
    const before = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;
    db.delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before))
      .catch((error: unknown) => logger.warn({ err: error }, 'idempotency keys: purge failed'));
  };

  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (req.method !== 'POST' || key === undefined) return next();
    if (!KEY_FORMAT.test(key))
      throw ValidationError.field(IDEMPOTENCY_KEY_HEADER, API_MSG.idempotencyKeyInvalid);
    const userId = contextOf(req).user.id;
    const fingerprint = fingerprintOf(req);
    purge();

    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { fingerprint, status: null, body: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})
          or (${idempotencyKeys.status} is null
            and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))`,
      })
      .returning({ key: idempotencyKeys.key });
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(where);
      if (!first) throw new Conflict(API_MSG.idempotencyKeyInProgress);
      if (first.fingerprint !== fingerprint) throw new Conflict(API_MSG.idempotencyKeyReused);
      if (first.status === null) throw new Conflict(API_MSG.idempotencyKeyInProgress);
      res.setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
      if (first.body === null) res.status(first.status).end();
      else res.status(first.status).json(first.body);
      return;
    }

    keepAnswer(res, async (status, body) => {
      try {
        if (status >= 500) await db.delete(idempotencyKeys).where(where);
        else
          await db
            .update(idempotencyKeys)
            .set({ status, body: storedAnswer(body) })
            .where(where);
      } catch (error) {
        // The answer still goes out; a retry meets the unfinished claim until it is abandoned.
        logger.error({ err: error }, 'idempotency key: the answer could not be stored');
      }
    });
    next();
  };
}

/**
 * Stores the JSON answer before it leaves (so a client that has it can rely on a retry repeating it);
 * an answer sent without `res.json` (an empty 204) is stored once it has been sent.
 */
function keepAnswer(res: Response, store: (status: number, body: unknown) => Promise<void>): void {
  const send = res.json.bind(res);
  let stored = false;
  res.json = (body: unknown) => {
    stored = true;
    void store(res.statusCode, body ?? null).then(() => send(body));
    return res;
  };
  res.once('finish', () => {
    if (!stored) void store(res.statusCode, null);
  });
}
