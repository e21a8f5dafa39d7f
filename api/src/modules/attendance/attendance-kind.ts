// The 勤怠報告 as a workflow kind: its body is the month's grid, not form fields, so the attendance
// module checks it and stores the version inside the engine's transaction (submit-attendance.ts); its
// card shows the month's totals of the latest version.
import { desc, eq, sql } from 'drizzle-orm';
import type { TAttendanceTotals } from '@portal/shared/attendance/schema';
import type { TCardSection } from '@portal/shared/contracts/bot-jobs';
import { attendanceCardRows } from '@portal/shared/workflow/card-rows';
import type { Db } from '../../db/client.ts';
import { attendanceVersions } from '../../db/schema/attendance.ts';
import type { tasks } from '../../db/schema/tasks.ts';
import { registerWorkflowKind, type WorkflowKindHooks } from '../tasks/workflow-kinds.ts';
import { prepareAttendanceReport } from './submit-attendance.ts';

async function attendanceCard(db: Db, task: typeof tasks.$inferSelect): Promise<TCardSection[] | null> {
  const [latest] = await db
    .select({
      year: attendanceVersions.year,
      month: attendanceVersions.month,
      // Only the totals: the whole month's result is every day's figures, read and parsed for nothing.
      totals: sql<TAttendanceTotals>`${attendanceVersions.result}->'merged'->'totals'`,
    })
    .from(attendanceVersions)
    .where(eq(attendanceVersions.taskId, task.id))
    .orderBy(desc(attendanceVersions.version))
    .limit(1);
  if (!latest) return null;
  return [
    {
      rows: attendanceCardRows({
        year: latest.year,
        month: latest.month,
        totals: latest.totals,
      }),
    },
  ];
}

const attendanceKind: WorkflowKindHooks = {
  prepare: (db, { applicantId, body, taskId }) => prepareAttendanceReport(db, applicantId, body, taskId),
  cardSections: attendanceCard,
};

export function registerAttendanceKind(): void {
  registerWorkflowKind('attendance', attendanceKind);
}
