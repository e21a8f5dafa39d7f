import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { useWorkflowForm } from '@/features/tasks/api/get-workflow-form.ts';

// Both screens in their own chunks, each loaded only for the workflows it serves.
const TaskCreate = lazy(() => import('@/features/tasks/routes/task-create.tsx'));
const AttendanceEntry = lazy(() => import('@/features/attendance/form/attendance-entry-route.tsx'));

/**
 * /task/workflows/{id}/create: the 勤怠報告 workflow (kind 'attendance') is entered on the attendance
 * form of spec §2.6; every other workflow on its generic request form. Both read the same cached
 * workflow form, so choosing costs no extra request.
 */
export default function TaskCreateRoute() {
  const id = Number(useParams().id);
  const workflow = useWorkflowForm(id, { enabled: Number.isSafeInteger(id) && id > 0 });
  if (workflow.isLoading) return <FullPageSpinner />;
  const attendance = workflow.data?.kind === 'attendance';
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {attendance ? <AttendanceEntry workflowName={workflow.data?.name} /> : <TaskCreate />}
    </Suspense>
  );
}
