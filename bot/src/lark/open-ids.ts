// Who a message goes to in Lark (architecture.md: the bot maps a portal user to a Lark user by the
// open_id stored at Lark sign-in, or looked up by e-mail). The API gives each person's open_id, or
// else an address to look them up by; the bot asks Lark's directory for those in one batch, stores
// what it found with the API — the open_id and the tenant's user_id (so each user is looked up once,
// and their card clicks and quick approvals are theirs) — and
// remembers in Redis, for a day, each address Lark did not know — so every event and reminder about
// such a user does not ask Lark again. Whoever has no open_id in the end is skipped.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { TBotLarkUserFound } from '@portal/shared/contracts/bot-lark-users';
import type { PortalApi } from '../api/portal-api.ts';
import type { Logger } from '../logger.ts';
import type { LarkDirectory } from './directory.ts';
import { LarkError } from './errors.ts';

/** How long an address Lark did not know is not asked about again (it may join the app's availability). */
export const LOOKUP_MISS_TTL_MS = 24 * 60 * 60 * 1000;
/** Lark's API-wide "too many requests" (messages have their own, errors.ts). */
const LARK_API_RATE_LIMITED = 99991400;

export interface LarkPerson {
  readonly user_id: number;
  readonly open_id: string | null;
  /** Only when open_id is null: the address to look them up by (null: none usable). */
  readonly lookup_email: string | null;
}

export interface OpenIds {
  /** open_id by user id for each person Lark can reach; the others are absent. */
  resolve(people: readonly LarkPerson[]): Promise<Map<number, string>>;
}

/**
 * Lark understood the lookup and refused it (the app lacks contact:user.id:readonly, a bad request):
 * asking again soon will not help, and it must not hold up the messages to everyone else. A network
 * error, a 5xx or a rate limit is thrown instead, and the job is retried with backoff.
 */
function isRefusal(error: LarkError): boolean {
  return (
    error.code !== null &&
    error.code !== LARK_API_RATE_LIMITED &&
    error.failure !== 'rate_limited' &&
    (error.httpStatus ?? 200) < 500
  );
}

export function createOpenIds(deps: {
  readonly directory: LarkDirectory;
  readonly api: Pick<PortalApi, 'saveLarkUsers'>;
  readonly redis: Redis;
  readonly prefix: string;
  readonly logger: Logger;
}): OpenIds {
  // Addresses are not kept in Redis as they are.
  const missKey = (email: string) =>
    `${deps.prefix}:lark-lookup-miss:${createHash('sha256').update(email).digest('hex')}`;

  /**
   * The tenant's user_id of the people found (quick approval names people by it). Lark refusing
   * (the app lacks contact:user.employee_id:readonly) stores the open_ids without it.
   */
  async function tenantUserIds(emails: readonly string[]): Promise<Map<string, string>> {
    if (emails.length === 0) return new Map();
    try {
      return await deps.directory.userIdsByEmail(emails);
    } catch (error) {
      if (!(error instanceof LarkError && isRefusal(error))) throw error;
      deps.logger.warn(
        { code: error.code },
        `Lark refused the user_id lookup by e-mail (does the app have contact:user.employee_id:readonly?): ${error.message}`,
      );
      return new Map();
    }
  }

  return {
    async resolve(people) {
      const openIds = new Map<number, string>();
      const userOf = new Map<string, number>(); // lower-case address → user id
      for (const person of people) {
        if (person.open_id) openIds.set(person.user_id, person.open_id);
        else if (person.lookup_email) userOf.set(person.lookup_email.trim().toLowerCase(), person.user_id);
      }
      const candidates = [...userOf.keys()];
      if (candidates.length === 0) return openIds;
      const missed = await deps.redis.mget(candidates.map(missKey));
      const emails = candidates.filter((_, i) => missed[i] === null);
      if (emails.length === 0) return openIds;

      let found: Map<string, string>;
      try {
        found = await deps.directory.openIdsByEmail(emails);
      } catch (error) {
        if (!(error instanceof LarkError && isRefusal(error))) throw error;
        deps.logger.warn(
          { code: error.code, users: emails.map((e) => userOf.get(e)) },
          `Lark refused the user lookup by e-mail (does the app have contact:user.id:readonly?): ${error.message}`,
        );
        return openIds;
      }

      const larkUserIds = await tenantUserIds(emails.filter((e) => found.has(e)));
      const saved: TBotLarkUserFound[] = [];
      const misses: number[] = [];
      const pipeline = deps.redis.pipeline();
      for (const email of emails) {
        const userId = userOf.get(email)!;
        const openId = found.get(email);
        if (openId) {
          openIds.set(userId, openId);
          const larkUserId = larkUserIds.get(email);
          saved.push({
            user_id: userId,
            email,
            open_id: openId,
            ...(larkUserId ? { lark_user_id: larkUserId } : {}),
          });
        } else {
          misses.push(userId);
          pipeline.set(missKey(email), '1', 'PX', LOOKUP_MISS_TTL_MS);
        }
      }
      if (saved.length) await deps.api.saveLarkUsers(saved);
      if (misses.length) {
        await pipeline.exec();
        deps.logger.info({ users: misses }, 'not in Lark by e-mail: skipped, asked again in a day');
      }
      return openIds;
    },
  };
}
