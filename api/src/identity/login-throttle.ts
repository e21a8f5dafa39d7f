// Sign-in throttling with rate-limiter-flexible: a budget of failed attempts per client IP, and one
// per username from any IP (slows a distributed guess at one account). An attempt is charged to both
// BEFORE the password is checked, so a burst of parallel guesses cannot slip past the count, and a
// successful sign-in is refunded: an office behind one NAT address is not locked out by its own
// colleagues signing in at nine o'clock.
//
// The limiters come from a factory so a Redis store (RateLimiterRedis) can replace memory when the API
// runs as several replicas; the rest of the code sees only LoginThrottle.
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { API_MSG } from '@portal/shared/messages';
import type { LoginRateLimit } from '../config.ts';
import { Throttled } from '../errors.ts';

export interface LoginThrottle {
  /** Charges one attempt to `ip` and `username`; throws Throttled when either is over its limit. */
  admit(ip: string, username: string): Promise<void>;
  /** A correct password refunds the IP's attempt and clears the username's failures. */
  recordSuccess(ip: string, username: string): Promise<void>;
  /**
   * The single sign-on doors (Lark code, CAS ticket, mail callback) have no username to count: an
   * attempt is charged to the address only, and refunded when it succeeds.
   */
  admitAddress(ip: string): Promise<void>;
  refundAddress(ip: string): Promise<void>;
}

export type LimiterFactory = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

async function charge(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    // Over the limit the limiter rejects with a RateLimiterRes; a failing store rejects with an Error.
    if (error instanceof RateLimiterRes) {
      throw new Throttled(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), API_MSG.tooManyLoginAttempts);
    }
    throw error;
  }
}

export function createLoginThrottle(
  limit: LoginRateLimit,
  makeLimiter: LimiterFactory = memoryLimiters,
): LoginThrottle {
  const byIp = makeLimiter({ keyPrefix: 'login_ip', points: limit.perIp, duration: limit.windowSeconds });
  const byUsername = makeLimiter({
    keyPrefix: 'login_username',
    points: limit.perUsername,
    duration: limit.windowSeconds,
  });

  return {
    async admit(ip, username) {
      await charge(byIp, ip);
      await charge(byUsername, usernameKey(username));
    },
    async recordSuccess(ip, username) {
      await byIp.reward(ip, 1);
      await byUsername.delete(usernameKey(username));
    },
    admitAddress: (ip) => charge(byIp, ip),
    async refundAddress(ip) {
      await byIp.reward(ip, 1);
    },
  };
}
