import type { TTaskNode } from '@portal/shared/contracts/tasks';
import { dayjs } from '@/lib/dayjs.ts';

/** Who acted on which node, when, with which comment or reason — oldest first. */
export function CommentHistory({ nodes }: { nodes: TTaskNode[] }) {
  const acted = nodes
    .filter((node) => node.acted_at !== null)
    .sort((a, b) => (a.acted_at ?? '').localeCompare(b.acted_at ?? ''));
  if (acted.length === 0) return <p className="muted">まだ処理された承認はありません。</p>;
  return (
    <ol className="comment-history" data-testid="comment-history">
      {acted.map((node) => (
        <li key={node.id} className="comment-history__item">
          <div className="comment-history__meta">
            <strong>{node.acted_by_name ?? node.approver_name}</strong>
            {node.is_proxy && node.principal_name ? `（${node.principal_name} の代理）` : ''}
            <span>
              {node.node_name}・{node.status_name}
            </span>
            <time dateTime={node.acted_at ?? ''}>{dayjs(node.acted_at).format('YYYY-MM-DD HH:mm')}</time>
          </div>
          {node.reason ? <p className="comment-history__text">却下理由：{node.reason}</p> : null}
          {node.comment ? <p className="comment-history__text">{node.comment}</p> : null}
        </li>
      ))}
    </ol>
  );
}
