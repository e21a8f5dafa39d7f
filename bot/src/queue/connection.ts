// Redis connections for BullMQ. Every connection a Worker uses must have maxRetriesPerRequest null
// (BullMQ blocks on it); a connection we create is ours to quit — worker.close() leaves it open.
import { Redis, type RedisOptions } from 'ioredis';

export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...options });
}

/** Quits politely, or drops the socket when Redis is not there to answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
