// Tells in-process caches when what they hold may have changed. Three sources:
// - this process: a request that may write makes every cache unusable from its start until its
//   response is done, so a caller never reads their own write's past;
// - other API replicas: each announces its finished writes with a NOTIFY on `portal_change`, outside
//   the request's transaction and at most one at a time (a NOTIFY inside every write transaction
//   would serialise their commits: PostgreSQL takes a database-wide lock to queue it);
// - anyone else (a script, psql): the rarely written tables the caches read (sessions, users,
//   employees, organisations, workflows, proxies) NOTIFY from statement triggers (migration 0008).
//   Tasks and their nodes are written only through the API, so they have no trigger.
// The feed is trusted only while its listener is connected and no local write is in flight; a cache
// reads and fills only then (versioned-cache.ts).
import type { RequestHandler } from 'express';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../logger.ts';

export const CHANGE_CHANNEL = 'portal_change';

export interface ChangeFeed {
  /** Grows whenever cached data may have changed; an entry is good only for the version it was read at. */
  version(): number;
  /** False while changes could go unseen: the listener is down, or a local write is in flight. */
  trusted(): boolean;
  /** Marks a local write from now until the returned call. */
  beginWrite(): () => void;
  close(): Promise<void>;
}

/** No feed: nothing is ever cached (a database handle without one, some tests). */
export const NO_CHANGE_FEED: ChangeFeed = {
  version: () => 0,
  trusted: () => false,
  beginWrite: () => () => undefined,
  close: () => Promise.resolve(),
};

export async function openChangeFeed(handle: DatabaseHandle, logger: Logger): Promise<ChangeFeed> {
  let version = 0;
  let listening = false;
  let writing = 0;
  // One announcement in flight; writes that end meanwhile share the next one.
  let announcing: Promise<void> | null = null;
  let announceAgain = false;
  let closed = false;
  const announce = (): void => {
    if (closed) return;
    if (announcing) {
      announceAgain = true;
      return;
    }
    announcing = handle
      .notify(CHANGE_CHANNEL)
      .catch((error: unknown) => logger.warn({ err: error }, 'could not announce a change to other replicas'))
      .finally(() => {
        announcing = null;
        if (announceAgain) {
          announceAgain = false;
          announce();
        }
      });
  };
  const stop = await handle.listen(CHANGE_CHANNEL, {
    notify: () => {
      version += 1;
    },
    ready: () => {
      // Whatever changed while nobody listened is unknown: everything read before is suspect.
      version += 1;
      listening = true;
    },
    lost: (error) => {
      version += 1;
      listening = false;
      logger.warn({ err: error }, 'change feed lost; caches are off until it is back');
    },
  });
  return {
    version: () => version,
    trusted: () => listening && writing === 0,
    beginWrite() {
      writing += 1;
      version += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        writing -= 1;
        version += 1;
        announce();
      };
    },
    async close() {
      closed = true;
      await announcing;
      await stop();
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every request that may write is a local write until its response is finished or abandoned. */
export function trackWrites(feed: ChangeFeed): RequestHandler {
  return (req, res, next) => {
    if (!SAFE_METHODS.has(req.method)) res.once('close', feed.beginWrite());
    next();
  };
}
