import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Tag from '@douyinfe/semi-ui/lib/es/tag';
import type { TNode } from '@portal/shared/contracts/workflows';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ConfirmDelete } from '@/components/confirm-delete.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { toastSuccess } from '@/lib/notify.ts';
import { useDeleteNode } from '../api/delete-node.ts';
import { useWorkflowNodes } from '../api/get-workflow-nodes.ts';
import { useSaveNode } from '../api/save-node.ts';
import { nodeAssignee, selfDispatchLabel } from '../lib/labels.ts';
import { NodeEditor } from './node-editor.tsx';

interface NodeSectionProps {
  workflowId: number;
  canAdd: boolean;
  canChange: boolean;
  canDelete: boolean;
}

const byOrder = (a: TNode, b: TNode) => a.order - b.order || a.code.localeCompare(b.code);

/** A workflow's approver and observer nodes, in order; nodes sharing an order are a parallel group. */
export function NodeSection({ workflowId, canAdd, canChange, canDelete }: NodeSectionProps) {
  const nodes = useWorkflowNodes(workflowId);
  const saveNode = useSaveNode();
  const deleteNode = useDeleteNode();
  const [editing, setEditing] = useState<TNode | 'new' | null>(null);
  const [removing, setRemoving] = useState<TNode | null>(null);
  const list = [...(nodes.data ?? [])].sort(byOrder);
  const orderCount = new Map<number, number>();
  // Only approver nodes form parallel groups: an observer (95) sharing an order is not one.
  for (const node of list.filter((n) => !n.is_observer))
    orderCount.set(node.order, (orderCount.get(node.order) ?? 0) + 1);
  const nextOrder = Math.min(99, Math.max(0, ...list.filter((n) => !n.is_observer).map((n) => n.order)) + 1);

  return (
    <section className="wf-section" aria-labelledby="wf-nodes-title" data-testid="workflow-nodes">
      <div className="wf-toolbar">
        <h3 className="wf-section__title" id="wf-nodes-title">
          ノード
        </h3>
        {canAdd ? <Button onClick={() => setEditing('new')}>ノードを追加</Button> : null}
      </div>
      <QueryState query={nodes} empty="ノードがありません。" isEmpty={(all) => all.length === 0} />
      {list.length > 0 ? (
        <ol className="wf-cards" aria-label="ノード一覧">
          {list.map((node) => (
            <li key={node.id} className="wf-card" data-testid="node-item" data-node-id={node.id}>
              <span className="wf-card__head">
                <span>
                  {node.code} {node.name}
                </span>
                <span>
                  {node.is_observer ? <Tag color="violet">参照</Tag> : null}
                  {(orderCount.get(node.order) ?? 0) > 1 && !node.is_observer ? (
                    <Tag color="blue">並列</Tag>
                  ) : null}{' '}
                  順番 {node.order}
                </span>
              </span>
              <span className="wf-card__meta">{nodeAssignee(node) || '（未設定）'}</span>
              {!node.is_observer ? (
                <span className="wf-card__meta">自己承認：{selfDispatchLabel(node)}</span>
              ) : null}
              {canChange || canDelete ? (
                <span className="wf-card__actions">
                  {canChange ? (
                    <Button size="small" onClick={() => setEditing(node)} aria-label={`${node.name} を編集`}>
                      編集
                    </Button>
                  ) : null}
                  {canDelete ? (
                    <Button
                      size="small"
                      type="danger"
                      onClick={() => setRemoving(node)}
                      aria-label={`${node.name} を削除`}
                    >
                      削除
                    </Button>
                  ) : null}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {editing !== null ? (
        <NodeEditor
          workflowId={workflowId}
          node={editing === 'new' ? null : editing}
          nextOrder={nextOrder}
          onCancel={() => setEditing(null)}
          onSave={async (id, body) => {
            await saveNode.mutateAsync({ id, body });
            setEditing(null);
            toastSuccess(SUCCESS.saved);
          }}
        />
      ) : null}
      <ConfirmDelete
        target={removing}
        title="ノードの削除"
        message={CONFIRM.removeNode}
        remove={(node) => deleteNode.mutateAsync(node.id)}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
