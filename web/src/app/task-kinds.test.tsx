import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TTask, TTaskNode, TWorkflowFormSchema } from '@portal/shared/contracts/tasks';
import { TASK_ACTION_TEXT } from '@portal/shared/messages';
import { TaskKindsContext, type RejectControlProps, type TaskKinds } from '@/components/task-kind-views.tsx';
import TaskApprovalRoute from '@/features/tasks/routes/task-approval.tsx';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import TaskCreateRoute from './routes/task-create.tsx';

// Adding a request kind on the web is one entry of the registry: a kind nobody has heard of brings
// its view, its entry form and its reject control, and the task screens show them.
function PurchaseView({ taskId }: { taskId: number }) {
  return <p data-testid="purchase-view">購入申請 No.{taskId}</p>;
}

function PurchaseEntry({ workflowName }: { workflowName?: string }) {
  return <h2>{workflowName}の入力</h2>;
}

function PurchaseReject({ labelledBy, value, onChange }: RejectControlProps) {
  return (
    <select aria-labelledby={labelledBy} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">選択してください</option>
      <option value="stock">在庫あり</option>
    </select>
  );
}

const KINDS: TaskKinds = {
  asset_purchase: { view: PurchaseView, entryForm: PurchaseEntry, rejectControl: PurchaseReject },
};

const TASK: TTask = {
  id: 30,
  workflow: 14,
  workflow_name: '資材購入申請',
  workflow_kind: 'asset_purchase',
  status: '01',
  status_name: '申請中',
  applicant_id: 2,
  employee_name: '山田 太郎',
  employee_code: 'E0007',
  project_id: null,
  project_name: null,
  org_id: 1,
  org_name: '開発一課',
  org_full_name: null,
  current_node_name: '資材担当承認',
  created_at: '2025-05-01T09:00:00+09:00',
  updated_at: '2025-05-01T09:00:00+09:00',
  finished_at: null,
  can_resubmit: false,
  can_withdraw: false,
  can_cancel_vacation: false,
  allowed_actions: ['approve', 'send_back', 'reject'],
  actionable_node_ids: [50],
  reject_reasons: null,
};

const NODE: TTaskNode = {
  id: 50,
  node_code: '01',
  node_name: '資材担当承認',
  order: 1,
  is_observer: false,
  status: '01',
  status_name: '承認待ち',
  approvers: [{ id: 3, name: '鈴木 一郎' }],
  approver_name: '鈴木 一郎',
  acted_by_id: null,
  acted_by_name: null,
  is_proxy: false,
  principal_name: null,
  comment: null,
  reason: null,
  acted_at: null,
  task_status: '01',
};

describe('a request kind registered on the web', () => {
  it('shows its view in the task detail and rejects with its own reason control', async () => {
    const { requests } = mockFetch({
      'GET /api/task/tasks/30/': { body: TASK },
      'GET /api/task/tasks/30/form/': { body: [] },
      'GET /api/task/tasks/30/nodes/': { body: [NODE] },
      'POST /api/task/tasks/30/nodes/50/approval/': { body: { ...TASK, status: '10' } },
    });
    const user = userEvent.setup();
    renderWithRouter(
      <TaskKindsContext.Provider value={KINDS}>
        <TaskApprovalRoute />
      </TaskKindsContext.Provider>,
      {
        path: '/task/tasks/approval/30/nodes/50',
        routePath: '/task/tasks/approval/:taskId/nodes/:nodeId',
        routes: [{ path: '/task/tasks/approval', element: <p>approval list</p> }],
      },
    );
    expect(await screen.findByTestId('purchase-view')).toHaveTextContent('購入申請 No.30');
    expect(screen.queryByTestId('task-view')).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('task-actions')).getByRole('button', { name: '却下' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /却下理由/ }), 'stock');
    await user.click(within(dialog).getByRole('button', { name: '却下する' }));
    expect(await screen.findByText(`成功：${TASK_ACTION_TEXT.rejected}`)).toBeInTheDocument();
    expect(await screen.findByText('approval list')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { action: 'reject', reason: 'stock', comment: null },
    ]);
  });

  it('enters a request of the kind on its own entry form', async () => {
    const form: TWorkflowFormSchema = {
      workflow: 14,
      name: '資材購入申請',
      kind: 'asset_purchase',
      fields: [],
    };
    mockFetch({ 'GET /api/task/workflows/14/form/': { body: form } });
    renderWithRouter(
      <TaskKindsContext.Provider value={KINDS}>
        <TaskCreateRoute />
      </TaskKindsContext.Provider>,
      { path: '/task/workflows/14/create', routePath: '/task/workflows/:id/create' },
    );
    expect(await screen.findByRole('heading', { name: '資材購入申請の入力' })).toBeInTheDocument();
  });
});
