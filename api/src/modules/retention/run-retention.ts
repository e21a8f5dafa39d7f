// The retention job (issue 34): per record class, the rows past their rule, less those about an
// employee under a legal hold. A dry run lists them; a real run deletes them in one transaction that
// marks itself for the access log's trigger, and writes a deletion log row per class it deleted from.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { deletionLog } from '../../db/schema/privacy.ts';
import { exclusively } from '../../jobs/periodic-job.ts';
import type { Logger } from '../../logger.ts';
import {
  DEFAULT_ATTENDANCE_YEARS,
  MIN_ATTENDANCE_YEARS,
  RETENTION_CLASSES,
  type RetentionParams,
} from './retention-classes.ts';

export interface DueRow {
  readonly id: number | string;
  readonly subjects: number[];
  readonly reason: string;
}

export interface ClassResult {
  readonly key: string;
  readonly label: string;
  readonly rule: string;
  readonly source: string;
  readonly rows: DueRow[];
}

export interface RetentionOptions {
  readonly now?: Date;
  readonly attendanceYears?: number;
  readonly dryRun?: boolean;
}

const held = sql`coalesce((select array_agg(distinct h.employee_id) from retention_holds h
  where h.released_at is null), '{}'::integer[])`;

const idsOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : String(value ?? '')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);

function paramsOf(options: RetentionOptions): RetentionParams {
  const years = options.attendanceYears ?? DEFAULT_ATTENDANCE_YEARS;
  return { now: options.now ?? new Date(), attendanceYears: Math.max(MIN_ATTENDANCE_YEARS, years) };
}

async function dueRows(db: Db, query: ReturnType<(typeof RETENTION_CLASSES)[number]['candidates']>) {
  const rows = await queryRows<{ id: number | string; subjects: unknown; reason: string }>(
    db,
    sql`select c.id, c.subjects, c.reason from (${query}) c
      where not (coalesce(c.subjects, '{}'::integer[]) && ${held}) order by c.id`,
  );
  return rows.map((r) => ({ id: r.id, subjects: idsOf(r.subjects), reason: r.reason }));
}

/**
 * Lists (dry run) or deletes what is due. Classes run in order, so a leaver's master data goes only
 * once their slips and attendance, which have their own rules, are gone.
 */
export async function runRetention(db: Db, options: RetentionOptions = {}): Promise<ClassResult[]> {
  const params = paramsOf(options);
  const results: ClassResult[] = [];
  const work = async (tx: Db) => {
    await tx.execute(sql`select set_config('portal.retention', 'on', true)`);
    for (const rc of RETENTION_CLASSES) {
      const rows = await dueRows(tx, rc.candidates(params));
      results.push({ key: rc.key, label: rc.label, rule: rc.rule, source: rc.source, rows });
      if (rows.length === 0) continue;
      const ids = rows.map((r) => sql`${r.id}`);
      // The log counts what this delete removed, not what was listed: a row another run deleted
      // first is not logged twice.
      const gone = new Set(
        (
          await queryRows<{ id: number | string }>(
            tx,
            sql`delete from ${sql.identifier(rc.table)} where id in (${sql.join(ids, sql`, `)}) returning id`,
          )
        ).map((r) => String(r.id)),
      );
      const deleted = rows.filter((r) => gone.has(String(r.id)));
      if (deleted.length === 0) continue;
      await tx.insert(deletionLog).values({
        at: params.now,
        recordClass: rc.key,
        rule: `${rc.rule}(${rc.source})`,
        count: deleted.length,
        subjects: [...new Set(deleted.flatMap((r) => r.subjects))].sort((a, b) => a - b),
      });
    }
  };
  // A dry run does the very same work and rolls it back, so it lists exactly what a real run deletes
  // (a leaver's master data included, which waits on the classes before it).
  try {
    await db.transaction(async (tx) => {
      await work(tx as unknown as Db);
      if (options.dryRun) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return results;
}

class DryRun extends Error {}

const HOUR_MS = 60 * 60 * 1000;
/** The job runs once a night: the first hourly tick at or after 03:00 Tokyo of a day it has not run. */
const NIGHT_HOUR = 3;

/**
 * One night's run, by one process at a time (job_leases, as the other periodic jobs): replicas ticking
 * at once would list the same rows, and each would log deleting them. Undefined: another runs it.
 */
export function retentionTurn(db: Db, options: Omit<RetentionOptions, 'dryRun'> = {}) {
  return exclusively(db, 'retention', () => runRetention(db, options));
}

/** Starts the nightly job; a replica that runs it later that night finds nothing due. */
export function startRetentionJob(options: {
  db: Db;
  logger: Logger;
  attendanceYears?: number;
  everyMs?: number;
}): { stop(): void } {
  let lastDay = '';
  const tick = () => {
    const now = new Date();
    const tokyo = new Date(now.getTime() + 9 * HOUR_MS);
    const day = tokyo.toISOString().slice(0, 10);
    if (tokyo.getUTCHours() < NIGHT_HOUR || day === lastDay) return;
    lastDay = day;
    retentionTurn(options.db, { now, attendanceYears: options.attendanceYears })
      .then((results = []) => {
        const deleted = results
          .filter((r) => r.rows.length > 0)
          .map((r) => ({ class: r.key, count: r.rows.length }));
        if (deleted.length) options.logger.info({ deleted }, 'retention: records past their rule deleted');
      })
      .catch((error: unknown) => options.logger.error({ err: error }, 'retention job failed'));
  };
  const timer = setInterval(tick, options.everyMs ?? HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
