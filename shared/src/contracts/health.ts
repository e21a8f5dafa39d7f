import { z } from 'zod';

/** GET /api/health/ (liveness): 200 with ok whenever the process answers (the API's start answers 503). */
export const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealth = z.infer<typeof ZHealth>;

/** Every readiness check the API runs (issue 39), in the order they are answered. */
export const READINESS_CHECKS = [
  'shutdown',
  'database',
  'migrations',
  'redis',
  'outbox',
  'bot',
  'backup',
  'backupVerification',
] as const;
export type TReadinessCheckName = (typeof READINESS_CHECKS)[number];

/** ok, failing, or off (not configured here: Redis unset, a PostgreSQL installation's backups). */
export const ZCheckState = z.enum(['ok', 'failing', 'off']);

/** One check: its state and its figure (a duration, an age, a count) in the unit it names. */
export const ZReadinessCheck = z.object({
  name: z.string(),
  state: ZCheckState,
  figure: z.number().nullable(),
  unit: z.enum(['ms', 's', 'count']).nullable(),
  detail: z.string().nullable(),
});
export type TReadinessCheck = z.infer<typeof ZReadinessCheck>;

/**
 * GET /api/health/ready/ and the bot's GET /ready: 200 when no check fails, 503 naming every failing
 * one in `failing`.
 */
export const ZReadiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  failing: z.array(z.string()),
  checks: z.array(ZReadinessCheck),
});
export type TReadiness = z.infer<typeof ZReadiness>;

/** The Redis key the bot's workers write their heartbeat to (milliseconds since the epoch). */
export const botHeartbeatKey = (queuePrefix: string): string => `${queuePrefix}:bot:heartbeat`;
/** How often the bot writes it. */
export const BOT_HEARTBEAT_EVERY_MS = 5_000;
