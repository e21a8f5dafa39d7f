import Pagination from '@douyinfe/semi-ui/lib/es/pagination';
import Spin from '@douyinfe/semi-ui/lib/es/spin';
import Table from '@douyinfe/semi-ui/lib/es/table';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TNode } from '@portal/shared/contracts/workflows';
import { PAGE_SIZE } from '@portal/shared/limits';
import { NotFound } from '@/components/errors/not-found.tsx';
import { PATHS } from '@/config/paths.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { useNodes } from '../api/get-nodes.ts';
import { useWorkflowChoices } from '../api/get-workflow-choices.ts';
import { nodeAssignee, readPage, withPage } from '../lib/labels.ts';
import { useWorkflowPerms } from '../lib/permissions.ts';
import '../components/workflow-admin.css';

export const EMPTY_NODES = 'ノードがありません。';
export const NO_NODE_PERMISSION = 'ノードを閲覧する権限がありません。';

const workflowLink = (node: TNode) => (
  <Link to={`${PATHS.workflows}/${node.workflow_id}`}>{node.workflow_name}</Link>
);

const COLUMNS: ColumnProps<TNode>[] = [
  { title: 'ワークフロー', dataIndex: 'workflow_name', render: (_t, node) => workflowLink(node) },
  { title: 'コード', dataIndex: 'code', width: 80 },
  { title: '名称', dataIndex: 'name' },
  { title: '順番', dataIndex: 'order', width: 80, align: 'right' },
  { title: '承認者・参照者', dataIndex: 'approvers', render: (_t, node) => nodeAssignee(node) },
];

function NodeListPage() {
  const title = usePageTitle();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const workflowParam = Number(params.get('workflow'));
  const workflow = Number.isInteger(workflowParam) && workflowParam > 0 ? workflowParam : undefined;
  const nodes = useNodes({ page, ...(workflow ? { workflow } : {}) });
  const choices = useWorkflowChoices();
  const isMobile = useIsMobile();
  const items = nodes.data?.results ?? [];
  const total = nodes.data?.count ?? 0;
  const setPage = (next: number) => setParams(withPage(params, next));
  const setWorkflow = (value: string) => {
    const copy = new URLSearchParams(params);
    copy.delete('page');
    if (value) copy.set('workflow', value);
    else copy.delete('workflow');
    setParams(copy);
  };

  return (
    <section className="page" aria-labelledby="node-list-heading">
      <h2 className="page__heading" id="node-list-heading">
        {title}
      </h2>
      <div className="wf-toolbar" role="search" aria-label="絞り込み">
        <div className="wf-field">
          <label className="wf-field__label" htmlFor={`${id}-workflow`}>
            ワークフロー
          </label>
          <select
            id={`${id}-workflow`}
            className="wf-native"
            value={workflow ? String(workflow) : ''}
            onChange={(event) => setWorkflow(event.target.value)}
          >
            <option value="">すべて</option>
            {(choices.data ?? []).map((choice) => (
              <option key={String(choice.value)} value={String(choice.value)}>
                {choice.text}
              </option>
            ))}
          </select>
        </div>
      </div>
      {nodes.isError ? (
        <p className="wf-state" role="alert">
          {errorMessages(nodes.error).join(' ')}
        </p>
      ) : null}
      {isMobile ? (
        <>
          {nodes.isPending ? (
            <div className="wf-state" role="status" aria-label="読み込み中">
              <Spin />
            </div>
          ) : null}
          {nodes.isSuccess && items.length === 0 ? <p className="wf-state">{EMPTY_NODES}</p> : null}
          {items.length > 0 ? (
            <ul className="wf-cards" aria-label="ノード一覧">
              {items.map((node) => (
                <li key={node.id} className="wf-card" data-testid="node-row">
                  <span className="wf-card__head">
                    <span>
                      {node.code} {node.name}
                    </span>
                    <span>順番 {node.order}</span>
                  </span>
                  <span className="wf-card__meta">{workflowLink(node)}</span>
                  <span className="wf-card__meta">{nodeAssignee(node)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {total > PAGE_SIZE ? (
            <Pagination
              className="wf-pagination"
              total={total}
              pageSize={PAGE_SIZE}
              currentPage={page}
              onPageChange={setPage}
              size="small"
            />
          ) : null}
        </>
      ) : (
        <Table<TNode>
          columns={COLUMNS}
          dataSource={items}
          rowKey="id"
          loading={nodes.isPending || nodes.isPlaceholderData}
          empty={EMPTY_NODES}
          onRow={() => ({ 'data-testid': 'node-row' })}
          pagination={
            total > PAGE_SIZE
              ? { currentPage: page, pageSize: PAGE_SIZE, total, onPageChange: setPage }
              : false
          }
        />
      )}
    </section>
  );
}

/** Every node with its workflow (spec §2.1 /workflow/nodes), for holders of workflow.view_node. */
export default function NodeListRoute() {
  const perms = useWorkflowPerms();
  if (!perms.viewNode) return <NotFound message={NO_NODE_PERMISSION} />;
  return <NodeListPage />;
}
