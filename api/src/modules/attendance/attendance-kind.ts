// The 勤怠報告 as a workflow kind: its body is the month's grid, not form fields, so the attendance
// module checks it and stores the version inside the engine's transaction (submit-attendance.ts).
import { registerWorkflowKind, type WorkflowKindHooks } from '../tasks/workflow-kinds.ts';
import { prepareAttendanceReport } from './submit-attendance.ts';

const attendanceKind: WorkflowKindHooks = {
  prepare: (db, { applicantId, body, taskId }) => prepareAttendanceReport(db, applicantId, body, taskId),
};

export function registerAttendanceKind(): void {
  registerWorkflowKind('attendance', attendanceKind);
}
