import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TNode } from '@portal/shared/contracts/workflows';
import { Page } from '@/components/page.tsx';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { PATHS } from '@/config/paths.ts';
import { readPage } from '@/lib/page-param.ts';
import { useNodes } from '../api/get-nodes.ts';
import { useWorkflowChoices } from '../api/get-workflow-choices.ts';
import { nodeAssignee } from '../lib/labels.ts';
import '../components/workflow-admin.css';

export const EMPTY_NODES = 'ノードがありません。';

const workflowLink = (node: TNode) => (
  <Link to={`${PATHS.workflows}/${node.workflow_id}`}>{node.workflow_name}</Link>
);

const COLUMNS: DataColumn<TNode>[] = [
  { title: 'ワークフロー', cell: workflowLink },
  { title: 'コード', cell: (node) => node.code, width: 80 },
  { title: '名称', cell: (node) => node.name },
  { title: '順番', cell: (node) => node.order, width: 80, align: 'right' },
  { title: '承認者・参照者', cell: nodeAssignee },
];

/**
 * Every node with its workflow (spec §2.1 /workflow/nodes). The route guard lets only holders of
 * workflow.view_node in (config/route-permissions.ts).
 */
export default function NodeListRoute() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const workflowParam = Number(params.get('workflow'));
  const workflow = Number.isInteger(workflowParam) && workflowParam > 0 ? workflowParam : undefined;
  const nodes = useNodes({ page, ...(workflow ? { workflow } : {}) });
  const choices = useWorkflowChoices();
  const setWorkflow = (value: string) => {
    const copy = new URLSearchParams(params);
    copy.delete('page');
    if (value) copy.set('workflow', value);
    else copy.delete('workflow');
    setParams(copy);
  };

  return (
    <Page headingId="node-list-heading">
      <div className="wf-toolbar" role="search" aria-label="絞り込み">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-workflow`}>
            ワークフロー
          </label>
          <select
            id={`${id}-workflow`}
            className="native-control"
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
      <DataList
        query={nodes}
        label="ノード一覧"
        empty={EMPTY_NODES}
        columns={COLUMNS}
        card={(node) => ({
          title: `${node.code} ${node.name}`,
          badge: <span>順番 {node.order}</span>,
          meta: [workflowLink(node), nodeAssignee(node)],
        })}
        rowKey={(node) => node.id}
        testId="node-row"
      />
    </Page>
  );
}
