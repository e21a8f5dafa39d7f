// Attendance of a large company: last month's sheet (draft) for everyone and a year of them for a
// sample; the members report their months (勤怠報告): the sample's older months approved, last month
// awaiting the 課長 for most, approved or sent back for some, not yet submitted for the rest. Every
// report has its month as version 1 and the month's draft (the demo seed's invariant). A month's
// sheet is the demo's (every business day worked at the contract hours, one in seven people with a
// late night), computed once a month and shared: the contracts are alike.
import { sql } from 'drizzle-orm';
import { ATTENDANCE_FILE_FIELD } from '@portal/shared/contracts/attendance';
import type { Db } from '../../db/client.ts';
import { loadMonthSetup } from '../../modules/attendance/month-setup.ts';
import { prepareAttendance, workedMonth } from '../attendance.ts';
import { bulkInsert } from './bulk-insert.ts';
import { monthBefore } from './dates.ts';
import { NAMED_STAFF, sectionOf, type LargePeople } from './people.ts';

/** 勤怠報告 (demo-workflows.ts): the 課長 approves. */
export const ATTENDANCE_WORKFLOW_ID = 2;
const MONTHS_OF_SAMPLE = 12;
const LATE_EVERY = 7;

interface Month {
  readonly year: number;
  readonly month: number;
}

/** The sheet of a month, plain and with a late night, as drafts and versions store them. */
async function monthSheets(tx: Db, employeeId: number, { year, month }: Month) {
  const setup = await loadMonthSetup(tx, employeeId, year, month);
  const [plain, late] = [false, true].map((isLate) =>
    workedMonth(setup, isLate ? '月末に客先対応で深夜作業がありました。' : '', isLate),
  );
  return { plain: plain!, late: late! };
}

/** The applicants (members who head nothing, named staff aside) in employee order. */
function applicantsOf(people: LargePeople): number[] {
  const first = people.firstMember + NAMED_STAFF.length;
  return Array.from({ length: people.employees - first + 1 }, (_, k) => first + k);
}

/** Last month for every employee, a year for the first `sample` applicants; their reports staged. */
export async function seedAttendance(
  tx: Db,
  options: { people: LargePeople; sample: number; firstTaskId: number; now: Date; today: string },
): Promise<{ reports: number; sheetsOf: (m: Month) => Promise<Sheets> }> {
  const { people, now, today } = options;
  await prepareAttendance(tx, ATTENDANCE_WORKFLOW_ID, now);
  const applicants = applicantsOf(people);
  const sample = applicants.slice(0, options.sample);
  const [model] = (
    (await tx.execute(sql`
      select e.id from employees e join contracts c on c.employee_id = e.id join positions p on p.employee_id = e.id
      where c.end_date is null and not p.is_part_time and e.id = any(${`{${sample.join(',')}}`}::int[])
      order by e.id limit 1`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const cache = new Map<string, Sheets>();
  const sheetsOf = async (m: Month) => {
    const key = `${m.year}-${m.month}`;
    if (!cache.has(key)) cache.set(key, await monthSheets(tx, model!.id, m));
    return cache.get(key)!;
  };

  const months = Array.from({ length: MONTHS_OF_SAMPLE }, (_, k) => monthBefore(today, k + 1));
  for (const [k, m] of months.entries()) {
    const sheets = await sheetsOf(m);
    const range = k === 0 ? null : sample;
    await tx.execute(sql`
      insert into attendance_drafts (employee_id, year, month, data, updated_at)
      select e.id, ${m.year}, ${m.month},
        case when e.id % ${LATE_EVERY} = 0 then ${JSON.stringify(sheets.late.data)}::jsonb
             else ${JSON.stringify(sheets.plain.data)}::jsonb end,
        ${submittedAt(m, now).toISOString()}::timestamptz
      from employees e
      where ${range === null} or e.id = any(${`{${(range ?? []).join(',')}}`}::int[])`);
  }

  // Reports: the sample's older months approved; last month's by the status of its bucket.
  const rows = [];
  let id = options.firstTaskId;
  for (const [k, m] of months.entries()) {
    for (const n of k === 0 ? applicants : sample) {
      const bucket = (n * 7919) % 100;
      const status = k > 0 ? '90' : bucket < 55 ? '01' : bucket < 60 ? '02' : bucket < 85 ? '90' : null;
      if (!status) continue;
      rows.push({
        id: id++,
        workflow_id: ATTENDANCE_WORKFLOW_ID,
        applicant_id: n,
        org_id: sectionOf(people, n).id,
        status,
        values: {
          year: m.year,
          month: String(m.month).padStart(2, '0'),
          remark: n % LATE_EVERY === 0 ? '月末に客先対応で深夜作業がありました。' : '',
          [ATTENDANCE_FILE_FIELD]: null,
        },
        at: submittedAt(m, now).toISOString(),
      });
    }
  }
  await bulkInsert(
    tx,
    'large_tasks',
    {
      id: 'int',
      workflow_id: 'int',
      applicant_id: 'int',
      org_id: 'int',
      status: 'text',
      values: 'jsonb',
      at: 'timestamptz',
    },
    rows,
  );
  return { reports: rows.length, sheetsOf };
}

type Sheets = Awaited<ReturnType<typeof monthSheets>>;

/** Reported on the third of the next month, or an hour ago when that is still ahead. */
function submittedAt({ year, month }: Month, now: Date): Date {
  const third = new Date(Date.UTC(month === 12 ? year + 1 : year, month % 12, 3));
  return third < now ? third : new Date(now.getTime() - 3_600_000);
}

/** Version 1 of every report, once its task exists (requests.ts writes the staged tasks). */
export async function writeReportVersions(tx: Db, sheetsOf: (m: Month) => Promise<Sheets>): Promise<void> {
  const months = (await tx.execute(sql`
    select distinct (values->>'year')::int as year, (values->>'month')::int as month
    from large_tasks where workflow_id = ${ATTENDANCE_WORKFLOW_ID}`)) as unknown as { rows: Month[] };
  for (const m of months.rows) {
    const { plain, late } = await sheetsOf(m);
    await tx.execute(sql`
      insert into attendance_versions (task_id, version, employee_id, year, month, data, result, created_by_id, created_at)
      select t.id, 1, e.id, ${m.year}, ${m.month},
        case when e.id % ${LATE_EVERY} = 0 then ${JSON.stringify(late.data)}::jsonb else ${JSON.stringify(plain.data)}::jsonb end,
        case when e.id % ${LATE_EVERY} = 0 then ${JSON.stringify(late.result)}::jsonb else ${JSON.stringify(plain.result)}::jsonb end,
        t.applicant_id, t.at
      from large_tasks t join employees e on e.user_id = t.applicant_id
      where t.workflow_id = ${ATTENDANCE_WORKFLOW_ID}
        and (t.values->>'year')::int = ${m.year} and (t.values->>'month')::int = ${m.month}`);
  }
}
