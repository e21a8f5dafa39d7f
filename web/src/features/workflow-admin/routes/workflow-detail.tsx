import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useNavigate, useParams } from 'react-router-dom';
import { SUCCESS } from '@portal/shared/messages';
import { ConfirmDelete } from '@/components/confirm-delete.tsx';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { Forbidden } from '@/components/errors/forbidden.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { PATHS } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { toastSuccess } from '@/lib/notify.ts';
import { useDeleteWorkflow } from '../api/delete-workflow.ts';
import { useAdminWorkflow } from '../api/get-workflow.ts';
import { useSaveWorkflow } from '../api/save-workflow.ts';
import { NodeSection } from '../components/node-section.tsx';
import { WorkflowForm } from '../components/workflow-form.tsx';
import { useWorkflowPerms } from '../lib/permissions.ts';
import '../components/workflow-admin.css';

/** `new` creates a workflow (workflow.add_workflow); a number edits one. */
export default function WorkflowDetailRoute() {
  const title = usePageTitle();
  const param = useParams().id ?? '';
  const isNew = param === 'new';
  const id = Number(param);
  const valid = isNew || (Number.isInteger(id) && id > 0);
  const perms = useWorkflowPerms();
  const workflow = useAdminWorkflow(isNew || !valid ? 0 : id, !isNew && valid);
  const save = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  if (!valid) return <NotFound />;
  if (isNew && !perms.addWorkflow) return <Forbidden />;
  const readOnly = isNew ? !perms.addWorkflow : !perms.changeWorkflow;

  return (
    <Page headingId="workflow-detail-heading" title={isNew ? 'ワークフローの作成' : title}>
      {isNew ? null : <QueryState query={workflow} />}
      {isNew || workflow.data ? (
        <>
          <WorkflowForm
            key={workflow.data ? `${workflow.data.id}-${workflow.data.updated_at}` : 'new'}
            workflow={workflow.data ?? null}
            readOnly={readOnly}
            onSave={async (body) => {
              const saved = await save.mutateAsync({ id: isNew ? null : id, body });
              toastSuccess(SUCCESS.saved);
              if (isNew) navigate(`${PATHS.workflows}/${saved.id}`, { replace: true });
            }}
          >
            {!isNew && perms.deleteWorkflow ? (
              <Button type="danger" onClick={() => setDeleting(true)}>
                削除
              </Button>
            ) : null}
            <Button onClick={() => navigate(PATHS.workflows)}>一覧へ戻る</Button>
          </WorkflowForm>
          {!isNew ? (
            <NodeSection
              workflowId={id}
              canAdd={perms.addNode}
              canChange={perms.changeNode}
              canDelete={perms.deleteNode}
            />
          ) : null}
          <ConfirmDelete
            target={deleting ? id : null}
            title="ワークフローの削除"
            remove={(workflowId) => remove.mutateAsync(workflowId)}
            onClose={() => setDeleting(false)}
            onDeleted={() => navigate(PATHS.workflows)}
          />
        </>
      ) : null}
    </Page>
  );
}
