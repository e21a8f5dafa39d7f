// Readiness (issue 39): whether this API can serve, one check per part it needs, each with its state
// and figure. Liveness (/api/health/) stays cheap; this is what a load balancer or a monitor polls.
//   shutdown            failing once a stop was asked for (SIGTERM): taken out of rotation first
//   database            a query answered within 1 s (figure: ms)
//   migrations          the database at the code's head (figure: migrations not applied or unknown)
//   redis               where configured, a PING within 1 s (figure: ms)
//   outbox              where Redis is configured, the oldest unsent row's age (figure: s)
//   bot                 where Redis is configured, the age of the bot workers' heartbeat (figure: s)
//   backup              embedded with automatic backups on, the last automatic archive's age (figure: s)
//   backupVerification  the same, the last restore drill (last-verify.json) succeeded (figure: its age, s)
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { botHeartbeatKey, type TReadiness, type TReadinessCheck } from '@portal/shared/contracts/health';
import type { ReadinessParts } from '../../api-module.ts';
import { MIGRATIONS_FOLDER, type Db } from '../../db/client.ts';
import { appliedMigrations, committedMigrations, compareMigrations } from '../../db/migration-state.ts';
import { listArchives } from '../../ops/backup/backup-files.ts';
import { LAST_VERIFY_FILE, type LastVerify } from '../../ops/backup/verify-archive.ts';

/** Each check that asks a server gives up after this long (and fails). */
export const CHECK_TIMEOUT_MS = 1_000;
/** The last automatic backup may be this old (a daily backup, plus slack for a slow one). */
export const BACKUP_MAX_AGE_SECONDS = 26 * 3600;

export interface ReadinessSources extends ReadinessParts {
  readonly db: Db;
  readonly queuePrefix: string;
  readonly outboxMaxAgeSeconds: number;
  readonly botHeartbeatMaxAgeSeconds: number;
  readonly migrationsFolder?: string;
}

class CheckTimeout extends Error {
  constructor() {
    super(`no answer within ${CHECK_TIMEOUT_MS} ms`);
  }
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const check = (
  name: string,
  state: TReadinessCheck['state'],
  figure: number | null = null,
  unit: TReadinessCheck['unit'] = null,
  detail: string | null = null,
): TReadinessCheck => ({ name, state, figure, unit, detail });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const round = (value: number) => Math.round(value * 10) / 10;

async function timed(name: string, work: () => Promise<unknown>): Promise<TReadinessCheck> {
  const started = performance.now();
  try {
    await withinTimeout(work());
    return check(name, 'ok', Math.round(performance.now() - started), 'ms');
  } catch (error) {
    return check(name, 'failing', Math.round(performance.now() - started), 'ms', messageOf(error));
  }
}

let committed: ReturnType<typeof committedMigrations> | null = null;
let committedFrom = '';

async function migrationsCheck(db: Db, folder: string): Promise<TReadinessCheck> {
  try {
    if (!committed || committedFrom !== folder) {
      committedFrom = folder;
      committed = committedMigrations(folder);
    }
    const comparison = compareMigrations(await committed, await withinTimeout(appliedMigrations(db)));
    const off = comparison.pending.length + comparison.unknown.length + comparison.edited.length;
    if (off === 0) return check('migrations', 'ok', 0, 'count');
    const parts = [
      comparison.pending.length ? `${comparison.pending.length} not applied` : '',
      comparison.unknown.length ? `${comparison.unknown.length} from a newer release` : '',
      comparison.edited.length ? `${comparison.edited.length} edited since applied` : '',
    ].filter(Boolean);
    return check('migrations', 'failing', off, 'count', parts.join(', '));
  } catch (error) {
    return check('migrations', 'failing', null, 'count', messageOf(error));
  }
}

async function outboxCheck(db: Db, maxAge: number, now: Date): Promise<TReadinessCheck> {
  try {
    const result = (await withinTimeout(
      db.execute(sql`select min(created_at) as oldest from outbox where sent_at is null`),
    )) as unknown as { rows: { oldest: string | Date | null }[] };
    const oldest = result.rows[0]?.oldest;
    const age = oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0;
    return age > maxAge
      ? check('outbox', 'failing', round(age), 's', `the oldest unsent event is older than ${maxAge} s`)
      : check('outbox', 'ok', round(age), 's');
  } catch (error) {
    return check('outbox', 'failing', null, 's', messageOf(error));
  }
}

async function botCheck(redis: Redis, prefix: string, maxAge: number, now: Date): Promise<TReadinessCheck> {
  try {
    const beat = await withinTimeout(redis.get(botHeartbeatKey(prefix)));
    if (!beat) return check('bot', 'failing', null, 's', 'no heartbeat from the bot workers');
    const age = Math.max(0, (now.getTime() - Number(beat)) / 1000);
    return age > maxAge
      ? check('bot', 'failing', round(age), 's', `the bot workers' heartbeat is older than ${maxAge} s`)
      : check('bot', 'ok', round(age), 's');
  } catch (error) {
    return check('bot', 'failing', null, 's', messageOf(error));
  }
}

/** The newest complete automatic archive: its time and size; null when there is none. */
export async function lastAutomaticBackup(dir: string): Promise<{ at: Date; bytes: number } | null> {
  const [newest] = (await listArchives(dir)).filter((a) => a.kind === 'auto' && a.verified);
  if (!newest) return null;
  const bytes = await stat(path.join(dir, newest.name)).then(
    (s) => s.size,
    () => 0,
  );
  return { at: newest.at, bytes };
}

/** `<backup dir>/last-verify.json`, null when no drill has run yet or it cannot be read. */
export async function lastVerification(dir: string): Promise<LastVerify | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, LAST_VERIFY_FILE), 'utf8')) as LastVerify;
  } catch {
    return null;
  }
}

async function backupCheck(dir: string, now: Date): Promise<TReadinessCheck> {
  const last = await lastAutomaticBackup(dir);
  if (!last) return check('backup', 'failing', null, 's', 'no automatic backup yet');
  const age = Math.max(0, (now.getTime() - last.at.getTime()) / 1000);
  return age > BACKUP_MAX_AGE_SECONDS
    ? check('backup', 'failing', Math.round(age), 's', 'the last automatic backup is older than 26 h')
    : check('backup', 'ok', Math.round(age), 's');
}

async function verificationCheck(dir: string, now: Date): Promise<TReadinessCheck> {
  const last = await lastVerification(dir);
  if (!last) return check('backupVerification', 'ok', null, 's', 'no verification yet');
  const age = Math.max(0, Math.round((now.getTime() - new Date(last.at).getTime()) / 1000));
  return last.ok
    ? check('backupVerification', 'ok', age, 's')
    : check('backupVerification', 'failing', age, 's', `${last.archive}: ${last.problem ?? 'failed'}`);
}

export async function checkReadiness(sources: ReadinessSources): Promise<TReadiness> {
  const now = sources.now?.() ?? new Date();
  const { redis, backupDir } = sources;
  const checks = await Promise.all([
    Promise.resolve(
      sources.stopping?.()
        ? check('shutdown', 'failing', null, null, 'the portal is stopping')
        : check('shutdown', 'ok'),
    ),
    timed('database', () => sources.db.execute(sql`select 1`)),
    migrationsCheck(sources.db, sources.migrationsFolder ?? MIGRATIONS_FOLDER),
    redis ? timed('redis', () => redis.ping()) : Promise.resolve(check('redis', 'off')),
    redis
      ? outboxCheck(sources.db, sources.outboxMaxAgeSeconds, now)
      : Promise.resolve(check('outbox', 'off')),
    redis
      ? botCheck(redis, sources.queuePrefix, sources.botHeartbeatMaxAgeSeconds, now)
      : Promise.resolve(check('bot', 'off')),
    backupDir ? backupCheck(backupDir, now) : Promise.resolve(check('backup', 'off')),
    backupDir ? verificationCheck(backupDir, now) : Promise.resolve(check('backupVerification', 'off')),
  ]);
  const failing = checks.filter((c) => c.state === 'failing').map((c) => c.name);
  return { status: failing.length ? 'unavailable' : 'ok', failing, checks };
}
