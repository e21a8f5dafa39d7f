import { useNavigate, useLocation } from 'react-router-dom';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { TaskKindView } from '@/components/task-kind-views.tsx';
import { PATHS } from '@/config/paths.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { useTask } from '../api/get-task.ts';
import { useTaskForm } from '../api/get-task-form.ts';
import { useTaskNodes } from '../api/get-task-nodes.ts';
import { useUndoInfo } from '../api/get-undo-info.ts';
import { listFilterOf } from '../lib/paths.ts';
import { CommentHistory } from './comment-history.tsx';
import { FlowChart } from './flow-chart.tsx';
import { StatusTag } from './status-tag.tsx';
import { TaskActions } from './task-actions.tsx';
import { TaskView } from './task-view.tsx';
import './tasks.css';

/**
 * One task: header, the read-only view of spec §2.4, the comment history, the flow chart and the
 * actions the current person may take. `nodeId` is the node the approval route acts on.
 */
export function TaskDetailPage({ taskId, nodeId }: { taskId: number; nodeId: number | null }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const filter = listFilterOf(pathname);
  const task = useTask(taskId);
  const form = useTaskForm(taskId);
  const nodes = useTaskNodes(taskId);
  const undoInfo = useUndoInfo(taskId, { enabled: filter === 'approval-finished' });

  if (!task.data) {
    return (
      <Page headingId="task-detail-heading">
        <QueryState query={task} />
      </Page>
    );
  }
  const data = task.data;
  const node = nodeId === null ? null : (nodes.data?.find((item) => item.id === nodeId) ?? null);

  return (
    <section className="page task-detail" aria-labelledby="task-detail-heading">
      <header className="task-detail__header">
        <h2 className="page__heading" id="task-detail-heading">
          {data.workflow_name}
          <StatusTag status={data.status} label={data.status_name} />
        </h2>
        <p className="task-detail__meta" data-testid="task-header">
          <span>No.{data.id}</span>
          <span>申請者：{data.employee_name}</span>
          {data.org_name ? <span>組織：{data.org_name}</span> : null}
          {data.project_name ? <span>プロジェクト：{data.project_name}</span> : null}
          <span>申請日時：{dayjs(data.created_at).format('YYYY-MM-DD HH:mm')}</span>
        </p>
      </header>
      <TaskActions
        task={data}
        node={node}
        undoInfo={undoInfo.data}
        onDecided={() => navigate(PATHS.tasksApproval)}
        onResubmit={() => navigate(`/task/workflows/${data.workflow}/create?resubmit=${data.id}`)}
      />
      <h3 className="task-detail__section">申請内容</h3>
      {/* An attendance report shows its own sheet (spec §2.5) instead of the field list. */}
      <TaskKindView
        kind={data.workflow_kind}
        taskId={data.id}
        fallback={
          <QueryState query={form}>{(fields) => <TaskView task={data} fields={fields} />}</QueryState>
        }
      />
      <h3 className="task-detail__section">承認フロー</h3>
      <QueryState query={nodes}>{(list) => <FlowChart taskStatus={data.status} nodes={list} />}</QueryState>
      <h3 className="task-detail__section">コメント履歴</h3>
      {nodes.data ? <CommentHistory nodes={nodes.data} /> : null}
    </section>
  );
}
