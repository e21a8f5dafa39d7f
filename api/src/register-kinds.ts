// The workflow kinds the engine runs besides plain forms (modules/tasks/workflow-kinds.ts): one line
// a kind. createApp and the demo seed call this; registering again is a no-op.
import { registerAssetKinds } from './modules/assets/asset-kind.ts';
import { registerAttendanceKind } from './modules/attendance/attendance-kind.ts';
import { registerExpenseKind } from './modules/expense/expense-kind.ts';
import { registerVacationKind } from './modules/vacations/vacation-kind.ts';

export function registerWorkflowKinds(): void {
  registerAttendanceKind();
  registerVacationKind();
  registerExpenseKind();
  registerAssetKinds();
}
