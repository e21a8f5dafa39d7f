import { createElement, lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { useTaskKind } from '@/components/task-kind-views.tsx';
import { useWorkflowForm } from '@/features/tasks/api/get-workflow-form.ts';

// The generic form in its own chunk; a kind's entry form is in its own (app/task-kinds.ts).
const TaskCreate = lazy(() => import('@/features/tasks/routes/task-create.tsx'));

/**
 * /task/workflows/{id}/create: a workflow whose kind brings its own entry form (the 勤怠報告's, spec
 * §2.6) is entered on it; every other workflow on its generic request form. Both read the same cached
 * workflow form, so choosing costs no extra request.
 */
export default function TaskCreateRoute() {
  const id = Number(useParams().id);
  const workflow = useWorkflowForm(id, { enabled: Number.isSafeInteger(id) && id > 0 });
  const { entryForm } = useTaskKind(workflow.data?.kind);
  if (workflow.isLoading) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {entryForm ? createElement(entryForm, { workflowName: workflow.data?.name }) : <TaskCreate />}
    </Suspense>
  );
}
