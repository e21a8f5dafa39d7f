// The 勤怠報告 (kind 'attendance') on the web: its sheet in place of the field list and its month
// grid in place of the request form, each in its own chunk, loaded with the first such task.
import { lazy } from 'react';
import type { TaskKindParts } from '@/components/task-kind-views.tsx';

export const attendanceKind: TaskKindParts = {
  view: lazy(() => import('./view/attendance-report-view.tsx')),
  entryForm: lazy(() => import('./form/attendance-entry-route.tsx')),
};
