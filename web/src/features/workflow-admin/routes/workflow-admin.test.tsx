import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TNode, TWorkflow, TWorkflowSummary } from '@portal/shared/contracts/workflows';
import { CONFIRM } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import NodeListRoute from './node-list.tsx';
import WorkflowDetailRoute from './workflow-detail.tsx';
import WorkflowListRoute, { EMPTY_WORKFLOWS } from './workflow-list.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const ALL = Object.values(PERM);

function summary(overrides: Partial<TWorkflowSummary> = {}): TWorkflowSummary {
  return {
    id: 3,
    name: '休暇申請',
    category: '勤怠',
    description: '休暇を申請します',
    kind: 'general',
    is_active: true,
    field_count: 1,
    node_count: 2,
    updated_at: '2025-06-01T10:00:00+09:00',
    ...overrides,
  };
}

function workflow(): TWorkflow {
  return {
    ...summary(),
    created_at: '2025-06-01T10:00:00+09:00',
    fields: [
      {
        id: 11,
        name: 'reason',
        label: '理由',
        data_type: 'choice',
        order: 1,
        is_required: true,
        is_readonly: false,
        max_length: null,
        help_text: '',
        default: null,
        choices: [{ value: 'a', text: '私用' }],
        step: null,
        multiple: false,
        data_source: null,
        field_for_init: null,
      },
    ],
  };
}

function node(overrides: Partial<TNode> = {}): TNode {
  return {
    id: 21,
    workflow_id: 3,
    workflow_name: '休暇申請',
    code: '01',
    name: '課長承認',
    order: 1,
    is_observer: false,
    node_dispatch: '02',
    self_dispatch: '01',
    observer_dispatch: null,
    approvers: [],
    ...overrides,
  };
}

const page = <T,>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

const detailRoutes = {
  path: '/workflow/workflows/3',
  routePath: '/workflow/workflows/:id',
  routes: [{ path: '/workflow/workflows', element: <p>list</p> }],
};

beforeEach(() => {
  notify.toastSuccess.mockReset();
  notify.toastError.mockReset();
  useSessionStore.getState().setUser(userState({ perms: ALL }));
});

afterEach(() => useSessionStore.getState().setUser(null));

describe('workflow list', () => {
  it('shows name, category, description, active and node count, and pages', async () => {
    const { requests } = mockFetch({
      'GET /api/workflow/workflows/': {
        body: page([summary(), summary({ id: 4, name: '経費精算', is_active: false, node_count: 5 })], 12),
      },
    });
    renderWithRouter(<WorkflowListRoute />, { path: '/workflow/workflows' });
    const rows = await screen.findAllByTestId('workflow-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('休暇申請')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('勤怠')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('休暇を申請します')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('5')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('無効')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新規作成' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2 ページ' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('page')).toBe('2'));
  });

  it('says when there is none, and hides “new” without workflow.add_workflow', async () => {
    useSessionStore.getState().setUser(userState({ perms: [PERM.viewWorkflow] }));
    mockFetch({ 'GET /api/workflow/workflows/': { body: page([]) } });
    renderWithRouter(<WorkflowListRoute />, { path: '/workflow/workflows' });
    expect(await screen.findByText(EMPTY_WORKFLOWS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新規作成' })).not.toBeInTheDocument();
  });
});

function mockDetail(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/workflow/workflows/3/': { body: workflow() },
    'GET /api/workflow/workflows/3/nodes/': {
      body: [
        node(),
        node({ id: 22, code: '02', name: '部長承認', order: 1 }),
        node({
          id: 23,
          code: '95',
          name: '参照',
          order: 9,
          is_observer: true,
          node_dispatch: null,
          observer_dispatch: '30',
        }),
      ],
    },
    'GET /api/approvers/choice/': { body: [{ value: 5, text: '佐藤 花子' }] },
    ...extra,
  });
}

describe('workflow editor', () => {
  it('asks before saving, then PUTs the whole workflow and says 保存しました。', async () => {
    const { requests } = mockDetail({ 'PUT /api/workflow/workflows/3/': { body: workflow() } });
    renderWithRouter(<WorkflowDetailRoute />, detailRoutes);
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^名称/);
    await user.clear(name);
    await user.type(name, '休暇申請（新）');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(CONFIRM.saveWorkflow)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith('保存しました。'));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: '休暇申請（新）',
      kind: 'general',
      fields: [{ name: 'reason', data_type: 'choice', choices: [{ value: 'a', text: '私用' }] }],
    });
  });

  it('puts the server field errors under their fields', async () => {
    mockDetail({
      'PUT /api/workflow/workflows/3/': { status: 400, body: { 'fields.0.label': ['ラベルが不正です。'] } },
    });
    renderWithRouter(<WorkflowDetailRoute />, detailRoutes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '保存' }));
    await user.click(await screen.findByTestId('confirm-ok'));
    const def = screen.getByTestId('field-definition');
    expect(await within(def).findByText('ラベルが不正です。')).toBeInTheDocument();
  });

  it('marks approver nodes of one order 並列, but not one sharing its order with an observer', async () => {
    mockDetail({
      'GET /api/workflow/workflows/3/nodes/': {
        body: [
          node(),
          node({
            id: 23,
            code: '95',
            name: '参照',
            is_observer: true,
            node_dispatch: null,
            observer_dispatch: '12',
          }),
        ],
      },
    });
    renderWithRouter(<WorkflowDetailRoute />, detailRoutes);
    expect(await screen.findAllByTestId('node-item')).toHaveLength(2);
    expect(screen.queryByText('並列')).not.toBeInTheDocument();
  });

  it('asks before removing a node, then deletes it', async () => {
    const { requests } = mockDetail({ 'DELETE /api/workflow/nodes/22/': { status: 204 } });
    renderWithRouter(<WorkflowDetailRoute />, detailRoutes);
    const user = userEvent.setup();
    expect(await screen.findAllByTestId('node-item')).toHaveLength(3);
    expect(screen.getAllByText('並列')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '部長承認 を削除' }));
    expect(await screen.findByText(CONFIRM.removeNode)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/workflow/nodes/22/')).toBe(true),
    );
    expect(notify.toastSuccess).toHaveBeenCalledWith('削除しました。');
  });

  it('adds a node with named approvers', async () => {
    const { requests } = mockDetail({ 'POST /api/workflow/nodes/': { status: 201, body: node() } });
    renderWithRouter(<WorkflowDetailRoute />, detailRoutes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ノードを追加' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^コード/), '03');
    await user.type(within(dialog).getByLabelText(/^名称/), '人事確認');
    await user.click(await within(dialog).findByRole('button', { name: '佐藤 花子 を追加' }));
    await user.click(within(dialog).getByTestId('node-save'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      workflow_id: 3,
      code: '03',
      name: '人事確認',
      order: 2,
      node_dispatch: null,
      approver_ids: [5],
    });
  });

  it('is read-only without the change permissions', async () => {
    useSessionStore.getState().setUser(userState({ perms: [PERM.viewWorkflow, PERM.viewNode] }));
    mockDetail();
    renderWithRouter(<WorkflowDetailRoute />, detailRoutes);
    expect(await screen.findByLabelText(/^名称/)).toBeDisabled();
    expect(await screen.findAllByTestId('node-item')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ノードを追加' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '項目を追加' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /を削除$/ })).not.toBeInTheDocument();
  });

  it('deletes the workflow after confirmation', async () => {
    const { requests } = mockDetail({ 'DELETE /api/workflow/workflows/3/': { status: 204 } });
    const { router } = renderWithRouter(<WorkflowDetailRoute />, detailRoutes);
    const user = userEvent.setup();
    await screen.findByLabelText(/^名称/);
    await user.click(screen.getByRole('button', { name: '削除' }));
    expect(await screen.findByText(CONFIRM.delete)).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/workflows'));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});

describe('node list', () => {
  it('lists every node with its workflow', async () => {
    mockFetch({
      'GET /api/workflow/nodes/': { body: page([node(), node({ id: 22, name: '部長承認' })]) },
      'GET /api/workflow/forms/choice/': { body: [{ value: 3, text: '休暇申請' }] },
    });
    renderWithRouter(<NodeListRoute />, { path: '/workflow/nodes' });
    expect(await screen.findAllByTestId('node-row')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: '休暇申請' })).toHaveLength(2);
  });
});
