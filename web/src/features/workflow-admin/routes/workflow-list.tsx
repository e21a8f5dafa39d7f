import Button from '@douyinfe/semi-ui/lib/es/button';
import Tag from '@douyinfe/semi-ui/lib/es/tag';
import { useNavigate } from 'react-router-dom';
import type { TWorkflowSummary } from '@portal/shared/contracts/workflows';
import { Page } from '@/components/page.tsx';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { PATHS } from '@/config/paths.ts';
import { usePageParam } from '@/lib/page-param.ts';
import { useAdminWorkflows } from '../api/get-workflows.ts';
import { useWorkflowPerms } from '../lib/permissions.ts';
import '../components/workflow-admin.css';

export const EMPTY_WORKFLOWS = 'ワークフローがありません。';

const detailPath = (id: number | 'new') => `${PATHS.workflows}/${id}`;

function ActiveTag({ active }: { active: boolean }) {
  return (
    <Tag color={active ? 'green' : 'grey'} data-testid="workflow-active" data-active={String(active)}>
      {active ? '有効' : '無効'}
    </Tag>
  );
}

const COLUMNS: DataColumn<TWorkflowSummary>[] = [
  { title: '名称', cell: (wf) => wf.name },
  { title: '分類', cell: (wf) => wf.category, width: 140 },
  { title: '説明', cell: (wf) => wf.description },
  { title: '有効', cell: (wf) => <ActiveTag active={wf.is_active} />, width: 90 },
  { title: 'ノード数', cell: (wf) => wf.node_count, width: 100, align: 'right' },
];

/** The workflows (spec §2.1 /workflow/workflows): name, category, description, active, node count. */
export default function WorkflowListRoute() {
  const [page] = usePageParam();
  const workflows = useAdminWorkflows({ page });
  const perms = useWorkflowPerms();
  const navigate = useNavigate();

  return (
    <Page headingId="workflow-list-heading">
      {perms.addWorkflow ? (
        <div className="wf-toolbar">
          <span />
          <Button theme="solid" type="primary" onClick={() => navigate(detailPath('new'))}>
            新規作成
          </Button>
        </div>
      ) : null}
      <DataList
        query={workflows}
        label="ワークフロー一覧"
        empty={EMPTY_WORKFLOWS}
        columns={COLUMNS}
        card={(wf) => ({
          title: wf.name,
          badge: <ActiveTag active={wf.is_active} />,
          meta: [`${wf.category ? `${wf.category}・` : ''}ノード ${wf.node_count}`, wf.description],
        })}
        rowKey={(wf) => wf.id}
        rowHref={(wf) => detailPath(wf.id)}
        testId="workflow-row"
      />
    </Page>
  );
}
