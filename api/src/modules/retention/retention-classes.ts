// Retention by record class (issue 34): each class, its rule and its legal source, as the table in
// docs/operations.md says. A class answers the rows past its rule on a given day (`candidates`, each
// with the employees it is about, so a legal hold can keep it); the job deletes them by id.
import { sql, type SQL } from 'drizzle-orm';

export interface RetentionParams {
  /** The run's instant (the job's clock; tests fix it). */
  readonly now: Date;
  /** Years attendance records are kept; configurable, never below the statutory 3 (附則 §143). */
  readonly attendanceYears: number;
}

export interface RetentionClass {
  readonly key: string;
  readonly label: string;
  readonly rule: string;
  readonly source: string;
  /** The table its rows are deleted from (by `id`). */
  readonly table: string;
  /** `select id, subjects (int[]) , reason` of the rows due on the day of `now`. */
  candidates(p: RetentionParams): SQL;
}

/** The statutory floor of the attendance records' years (労働基準法 附則 §143: 3 for now). */
export const MIN_ATTENDANCE_YEARS = 3;
export const DEFAULT_ATTENDANCE_YEARS = 5;

/**
 * RETENTION_ATTENDANCE_YEARS (default 5); below the statutory 3, or not a whole number, is refused
 * rather than silently raised, so a typo cannot shorten what the law keeps.
 */
export function attendanceYearsOf(env: Record<string, string | undefined>): number {
  const raw = env.RETENTION_ATTENDANCE_YEARS?.trim();
  if (!raw) return DEFAULT_ATTENDANCE_YEARS;
  const years = Number(raw);
  if (!Number.isInteger(years) || years < MIN_ATTENDANCE_YEARS)
    throw new Error(
      `RETENTION_ATTENDANCE_YEARS must be a whole number of at least ${MIN_ATTENDANCE_YEARS}: ${raw}`,
    );
  return years;
}

/** Days kept of sessions, delivered outbox events and read notifications. */
export const HOUSEKEEPING_DAYS = 90;

/** The day of `now` in Tokyo, as SQL date. */
const today = (p: RetentionParams): SQL =>
  sql`(${p.now.toISOString()}::timestamptz at time zone 'Asia/Tokyo')::date`;

/** `date` plus `years`, the end of the keeping: the row goes the day after. */
const kept = (date: SQL, years: number): SQL => sql`(${date} + make_interval(years => ${years}))::date`;

/** The employees of a user account, as the subjects of a row about the user. */
const employeesOfUser = (userId: SQL): SQL =>
  sql`coalesce((select array_agg(e.id) from employees e where e.user_id = ${userId}), '{}'::integer[])`;

export const RETENTION_CLASSES: readonly RetentionClass[] = [
  {
    key: 'attendance',
    label: '勤怠報告(全版・人事修正を含む)',
    rule: '完結日と賃金支払期日(翌月25日)の遅い方から5年(設定可、3年未満不可)',
    source: '労働基準法 第109条・附則第143条',
    table: 'tasks',
    candidates: (p) => sql`select t.id, array[t.employee_id]::integer[] as subjects,
        'until ' || ${kept(sql`x.start`, p.attendanceYears)}::text as reason
      from tasks t
      join lateral (select min(v.year) as year, min(v.month) as month from attendance_versions v
        where v.task_id = t.id) m on m.year is not null
      cross join lateral (select greatest((t.finished_at at time zone 'Asia/Tokyo')::date,
        (make_date(m.year, m.month, 1) + interval '1 month' + interval '24 days')::date) as start) x
      where t.finished_at is not null and t.employee_id is not null
        and ${kept(sql`x.start`, p.attendanceYears)} < ${today(p)}`,
  },
  {
    key: 'payment_slips',
    label: '給与明細',
    rule: '発行日から5年',
    source: '労働基準法 第109条(賃金台帳)',
    table: 'payment_slips',
    candidates: (p) => sql`select s.id, array[s.employee_id]::integer[] as subjects,
        'until ' || ${kept(sql`s.issued_on`, 5)}::text as reason
      from payment_slips s where ${kept(sql`s.issued_on`, 5)} < ${today(p)}`,
  },
  {
    key: 'withholding_slips',
    label: '源泉徴収票',
    rule: '発行日から7年',
    source: '所得税法(源泉徴収簿の保存)',
    table: 'withholding_slips',
    candidates: (p) => sql`select s.id, array[s.employee_id]::integer[] as subjects,
        'until ' || ${kept(sql`s.issued_on`, 7)}::text as reason
      from withholding_slips s where ${kept(sql`s.issued_on`, 7)} < ${today(p)}`,
  },
  {
    key: 'leaver_master',
    label: '退職者の社員台帳',
    rule: '退職日から5年(給与明細・源泉徴収票・勤怠報告がすべて消えた後)',
    source: '労働基準法 第109条(労働者名簿)',
    table: 'employees',
    candidates: (p) => sql`select e.id, array[e.id]::integer[] as subjects,
        'left ' || e.left_on::text || ', until ' || ${kept(sql`e.left_on`, 5)}::text as reason
      from employees e
      where e.left_on is not null and ${kept(sql`e.left_on`, 5)} < ${today(p)}
        and not exists (select 1 from payment_slips s where s.employee_id = e.id)
        and not exists (select 1 from withholding_slips s where s.employee_id = e.id)
        and not exists (select 1 from attendance_versions v where v.employee_id = e.id)`,
  },
  {
    key: 'access_log',
    label: 'アクセス記録',
    rule: '記録から5年',
    source: '個人情報保護法 第26条(漏えい等の報告に必要な記録)',
    table: 'access_log',
    candidates: (
      p,
    ) => sql`select l.id, l.subjects, 'until ' || ${kept(sql`(l.at at time zone 'Asia/Tokyo')::date`, 5)}::text as reason
      from access_log l where ${kept(sql`(l.at at time zone 'Asia/Tokyo')::date`, 5)} < ${today(p)}`,
  },
  {
    key: 'sessions',
    label: 'ログインセッション',
    rule: `開始から${HOUSEKEEPING_DAYS}日`,
    source: '社内規程(不要になった個人データの消去: 個人情報保護法 第22条)',
    table: 'auth_sessions',
    candidates: (
      p,
    ) => sql`select s.id, ${employeesOfUser(sql`s.user_id`)} as subjects, 'created ' || s.created_at::date::text as reason
      from auth_sessions s
      where s.created_at < ${p.now.toISOString()}::timestamptz - make_interval(days => ${HOUSEKEEPING_DAYS})`,
  },
  {
    key: 'outbox',
    label: '配信済みの通知イベント',
    rule: `配信から${HOUSEKEEPING_DAYS}日`,
    source: '社内規程(不要になった個人データの消去: 個人情報保護法 第22条)',
    table: 'outbox',
    candidates: (
      p,
    ) => sql`select o.id, '{}'::integer[] as subjects, 'sent ' || o.sent_at::date::text as reason
      from outbox o where o.sent_at is not null
        and o.sent_at < ${p.now.toISOString()}::timestamptz - make_interval(days => ${HOUSEKEEPING_DAYS})`,
  },
  {
    key: 'read_notifications',
    label: '既読の通知',
    rule: `作成から${HOUSEKEEPING_DAYS}日(既読のもの)`,
    source: '社内規程(不要になった個人データの消去: 個人情報保護法 第22条)',
    table: 'notifications',
    candidates: (
      p,
    ) => sql`select n.id, ${employeesOfUser(sql`n.user_id`)} as subjects, 'created ' || n.created_at::date::text as reason
      from notifications n where n.is_read
        and n.created_at < ${p.now.toISOString()}::timestamptz - make_interval(days => ${HOUSEKEEPING_DAYS})`,
  },
];
