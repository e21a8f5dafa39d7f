import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { taskLink } from '@portal/shared/workflow/task-links';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { toastSuccess } from '@/lib/notify.ts';
import { useCreateTask } from '../api/create-task.ts';
import { useTaskForm } from '../api/get-task-form.ts';
import { useWorkflowForm } from '../api/get-workflow-form.ts';
import { useResubmitTask } from '../api/resubmit-task.ts';
import { DynamicForm } from '../components/dynamic-form.tsx';
import { initialInputValues } from '../lib/form-values.ts';
import '../components/tasks.css';

/** Ours: the spec has no wording for a submitted request. */
export const SUBMITTED = '申請しました。';
export const RESUBMITTED = '再申請しました。';

function positiveId(text: string | null | undefined): number | null {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /task/workflows/{id}/create: the workflow's form. With ?resubmit={task id} (a sent-back task) it
 * starts from that task's values and sends them to tasks/{id}/resubmit/.
 */
export default function TaskCreateRoute() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const workflowId = positiveId(params.id);
  const resubmitId = positiveId(search.get('resubmit'));
  const schema = useWorkflowForm(workflowId ?? 0, { enabled: workflowId !== null });
  const saved = useTaskForm(resubmitId ?? 0, { enabled: resubmitId !== null });
  const storedFiles = useMemo(
    () =>
      Object.fromEntries(
        (resubmitId !== null ? (saved.data ?? []) : [])
          .filter((field) => field.attachment !== null)
          .map((field) => [field.name, field.attachment_name ?? ''] as const),
      ),
    [resubmitId, saved.data],
  );
  const create = useCreateTask();
  const resubmit = useResubmitTask();

  if (workflowId === null) return <NotFound />;
  const waiting = schema.isPending || (resubmitId !== null && saved.isPending);
  const failed = schema.error ?? (resubmitId !== null ? saved.error : null);

  return (
    <Page
      headingId="task-create-heading"
      className="task-create"
      title={schema.data ? `${schema.data.name}：${title}` : title}
    >
      <QueryState query={{ isPending: waiting, error: failed, data: undefined }} />
      {schema.data && !waiting && !failed ? (
        <DynamicForm
          fields={schema.data.fields}
          initialValues={initialInputValues(schema.data.fields, resubmitId !== null ? saved.data : undefined)}
          storedFiles={storedFiles}
          submitLabel={resubmitId !== null ? '再申請' : '申請'}
          onSubmit={async (values) => {
            if (resubmitId !== null) {
              const task = await resubmit.mutateAsync({ taskId: resubmitId, values });
              toastSuccess(RESUBMITTED);
              navigate(taskLink.task('unresolved', task.id));
              return;
            }
            const task = await create.mutateAsync({ workflowId, values });
            toastSuccess(SUBMITTED);
            navigate(taskLink.task('unresolved', task.id));
          }}
        />
      ) : null}
    </Page>
  );
}
