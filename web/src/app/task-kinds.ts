import type { TaskKinds } from '@/components/task-kind-views.tsx';
import { assetLendKind, assetPurchaseKind } from '@/features/assets/asset-kind.ts';
import { attendanceKind } from '@/features/attendance/attendance-kind.ts';

/**
 * The request kinds with parts of their own on the web (components/task-kind-views.tsx): one line a
 * kind. A kind not listed is a plain form; its fixed reject reasons come with the task.
 */
export const TASK_KINDS: TaskKinds = {
  attendance: attendanceKind,
  asset_lend: assetLendKind,
  asset_purchase: assetPurchaseKind,
};
