import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TTask, TTaskFormField, TTaskNode } from '@portal/shared/contracts/tasks';
import { CONFIRM, FIELD_MSG, SUCCESS, TASK_ACTION_TEXT } from '@portal/shared/messages';
import { VACATION_REJECT_REASONS } from '@portal/shared/workflow/codes';
import { mockFetch, type RecordedRequest } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import TaskApprovalRoute from '../routes/task-approval.tsx';
import TaskDetailRoute from '../routes/task-detail.tsx';

function task(overrides: Partial<TTask> = {}): TTask {
  return {
    id: 7,
    workflow: 3,
    workflow_name: '休暇申請',
    workflow_kind: 'vacation',
    status: '01',
    status_name: '申請中',
    applicant_id: 2,
    employee_name: '山田 太郎',
    employee_code: 'E0007',
    project_id: null,
    project_name: 'ポータル開発',
    org_id: 1,
    org_name: '開発課',
    org_full_name: '本部 事業部 開発部 開発課',
    current_node_name: '課長承認',
    created_at: '2025-06-02T10:15:00+09:00',
    updated_at: '2025-06-02T10:15:00+09:00',
    finished_at: null,
    can_resubmit: false,
    can_withdraw: false,
    can_cancel_vacation: false,
    allowed_actions: ['approve', 'send_back', 'reject'],
    actionable_node_ids: [21],
    reject_reasons: VACATION_REJECT_REASONS.map((r) => ({ value: r.value, text: r.label })),
    ...overrides,
  };
}

function field(overrides: Partial<TTaskFormField>): TTaskFormField {
  return {
    id: 1,
    name: 'reason',
    data_type: 'string',
    label: '理由',
    choices: [],
    value: '私用',
    is_required: true,
    is_readonly: false,
    max_length: null,
    help_text: '',
    order: 1,
    step: null,
    multiple: false,
    data_source: null,
    field_for_init: null,
    attachment: null,
    attachment_name: null,
    ...overrides,
  };
}

function node(overrides: Partial<TTaskNode>): TTaskNode {
  return {
    id: 21,
    node_code: '01',
    node_name: '課長承認',
    order: 1,
    is_observer: false,
    status: '01',
    status_name: '承認待ち',
    approvers: [{ id: 3, name: '佐藤 花子' }],
    approver_name: '佐藤 花子',
    acted_by_id: null,
    acted_by_name: null,
    is_proxy: false,
    principal_name: null,
    comment: null,
    reason: null,
    acted_at: null,
    task_status: '01',
    ...overrides,
  };
}

const fields = [
  field({}),
  field({ id: 2, name: 'is_start_half', data_type: 'boolean', label: '午後から', value: true }),
  field({
    id: 3,
    name: 'category',
    data_type: 'choice',
    label: '区分',
    value: '01',
    choices: [{ value: '01', text: '有給休暇' }],
  }),
  field({
    id: 4,
    name: 'doc',
    data_type: 'file',
    label: '証明書',
    value: null,
    attachment: 40,
    attachment_name: 'a.png',
  }),
];

function mockTask(
  options: {
    task?: TTask;
    nodes?: TTaskNode[];
    approval?: (r: RecordedRequest) => { status?: number; body?: unknown };
  } = {},
) {
  const current = options.task ?? task();
  return mockFetch({
    'GET /api/task/tasks/7/': { body: current },
    'GET /api/task/tasks/7/form/': { body: fields },
    'GET /api/task/tasks/7/nodes/': { body: options.nodes ?? [node({})] },
    'GET /api/task/tasks/7/undo-info/': { body: { can_undo: true, node_id: 21, message: null } },
    'POST /api/task/tasks/7/nodes/21/approval/': options.approval ?? { body: current },
    'POST /api/task/tasks/7/nodes/21/undo/': { body: current },
    'POST /api/task/tasks/7/withdraw/': { body: { ...current, status: '99' } },
  });
}

function renderApproval() {
  return renderWithRouter(<TaskApprovalRoute />, {
    path: '/task/tasks/approval/7/nodes/21',
    routePath: '/task/tasks/approval/:taskId/nodes/:nodeId',
    routes: [{ path: '/task/tasks/approval', element: <p>approval list</p> }],
  });
}

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe('task detail', () => {
  it('shows the header, the fields of spec §2.4, the flow chart and the history', async () => {
    mockTask({
      nodes: [
        node({
          id: 20,
          status: '90',
          status_name: '承認済み',
          acted_by_name: '佐藤 花子',
          comment: '了解です',
          acted_at: '2025-06-02T11:00:00+09:00',
        }),
        node({ id: 21, order: 2, node_name: '部長承認' }),
      ],
    });
    renderApproval();
    expect(await screen.findByRole('heading', { name: /休暇申請/ })).toBeInTheDocument();
    expect(screen.getByTestId('task-header')).toHaveTextContent('申請者：山田 太郎');
    const view = await screen.findByTestId('task-view');
    expect(within(view).getByTestId('project')).toHaveTextContent('ポータル開発');
    expect(within(view).getByTestId('org')).toHaveTextContent('本部 事業部 開発部 開発課');
    expect(within(view).getByTestId('field-is_start_half')).toHaveTextContent('午後からはい');
    expect(within(view).getByTestId('field-category')).toHaveTextContent('有給休暇');
    expect(within(view).getByTestId('attachment-link')).toHaveTextContent('a.png');
    expect(await screen.findByRole('img', { name: /承認フロー：申請中/ })).toBeInTheDocument();
    expect(screen.getByTestId('comment-history')).toHaveTextContent('了解です');
  });

  it('approves after the confirmation and says so', async () => {
    const { requests } = mockTask();
    const user = userEvent.setup();
    const { router } = renderApproval();
    await user.click(await screen.findByRole('button', { name: '承認' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(CONFIRM.approve);
    await user.click(within(dialog).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText(`成功：${SUCCESS.approved}`)).toBeInTheDocument();
    expect(posts(requests)[0]).toMatchObject({
      path: '/api/task/tasks/7/nodes/21/approval/',
      body: { action: 'approve', comment: null },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/approval'));
  });

  it('sends back only with a comment', async () => {
    const { requests } = mockTask();
    const user = userEvent.setup();
    renderApproval();
    await user.click(await screen.findByRole('button', { name: '差戻し' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(CONFIRM.sendBack);
    await user.click(within(dialog).getByRole('button', { name: '差戻す' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FIELD_MSG.required('コメント'));
    expect(posts(requests)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox'), '日付を確認してください');
    await user.click(within(dialog).getByRole('button', { name: '差戻す' }));
    expect(await screen.findByText(`成功：${SUCCESS.sentBack}`)).toBeInTheDocument();
    expect(posts(requests)[0]!.body).toEqual({ action: 'send_back', comment: '日付を確認してください' });
  });

  it('rejects a vacation request with one of the three fixed reasons', async () => {
    const { requests } = mockTask();
    const user = userEvent.setup();
    renderApproval();
    await user.click(await screen.findByRole('button', { name: '却下' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(3);
    await user.click(within(dialog).getByText(VACATION_REJECT_REASONS[1].label));
    await user.click(within(dialog).getByRole('button', { name: '却下する' }));
    expect(await screen.findByText(`成功：${TASK_ACTION_TEXT.rejected}`)).toBeInTheDocument();
    expect(posts(requests)[0]!.body).toEqual({ action: 'reject', reason: '02', comment: null });
  });

  it('shows the server’s words on 409 and reloads the task', async () => {
    const detail = 'このノードは既に処理されたか、あなたの承認待ちではありません。画面を更新してください。';
    const { requests } = mockTask({ approval: () => ({ status: 409, body: { detail, code: 'conflict' } }) });
    const user = userEvent.setup();
    renderApproval();
    await user.click(await screen.findByRole('button', { name: '承認' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText(`エラー：${detail}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        requests.filter((r) => r.method === 'GET' && r.path === '/api/task/tasks/7/').length,
      ).toBeGreaterThanOrEqual(2),
    );
  });

  it('lets the applicant withdraw a task in progress', async () => {
    const { requests } = mockTask({
      task: task({ can_withdraw: true, allowed_actions: ['withdraw'], actionable_node_ids: [] }),
    });
    const user = userEvent.setup();
    renderWithRouter(<TaskDetailRoute />, {
      path: '/task/tasks/unresolved/7',
      routePath: '/task/tasks/unresolved/:id',
    });
    await user.click(await screen.findByRole('button', { name: '取消' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(TASK_ACTION_TEXT.withdrawConfirm);
    await user.click(within(dialog).getByRole('button', { name: '取り消す' }));
    expect(await screen.findByText(`成功：${TASK_ACTION_TEXT.withdrawn}`)).toBeInTheDocument();
    expect(posts(requests).map((r) => r.path)).toEqual(['/api/task/tasks/7/withdraw/']);
  });

  it('offers to undo an approval when undo-info allows it', async () => {
    const { requests } = mockTask();
    const user = userEvent.setup();
    renderWithRouter(<TaskDetailRoute />, {
      path: '/task/tasks/approval-finished/7',
      routePath: '/task/tasks/approval-finished/:taskId',
    });
    await user.click(await screen.findByRole('button', { name: '承認取消' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取り消す' }));
    expect(await screen.findByText(`成功：${TASK_ACTION_TEXT.undone}`)).toBeInTheDocument();
    expect(posts(requests).map((r) => r.path)).toEqual(['/api/task/tasks/7/nodes/21/undo/']);
  });

  it('offers no decision on a node that no longer awaits action', async () => {
    mockTask({ nodes: [node({ status: '90', status_name: '承認済み' })] });
    renderApproval();
    await screen.findByRole('img', { name: /承認フロー/ });
    expect(screen.queryByRole('button', { name: '承認' })).toBeNull();
  });

  it('offers the applicant no decision on their own pending request (issue 12, item 12)', async () => {
    mockTask({
      task: task({ can_withdraw: true, allowed_actions: ['withdraw'], actionable_node_ids: [] }),
    });
    renderApproval();
    expect(await screen.findByRole('button', { name: '取消' })).toBeInTheDocument();
    for (const name of ['承認', '差戻し', '却下']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offers no decision on a pending node the caller may not act on', async () => {
    mockTask({ task: task({ actionable_node_ids: [22] }) });
    renderApproval();
    await screen.findByRole('img', { name: /承認フロー/ });
    expect(screen.queryByTestId('task-actions')).toBeNull();
  });

  it('shows only the actions the server allows', async () => {
    mockTask({ task: task({ allowed_actions: ['approve'], actionable_node_ids: [21] }) });
    renderApproval();
    expect(await screen.findByRole('button', { name: '承認' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '差戻し' })).toBeNull();
    expect(screen.queryByRole('button', { name: '却下' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
  });
});
