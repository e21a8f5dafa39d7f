import { useParams } from 'react-router-dom';
import { NotFound } from '@/components/errors/not-found.tsx';
import { TaskDetailPage } from '../components/task-detail-page.tsx';

/** /task/tasks/approval/{task_id}/nodes/{node_id}: the task, with the decision on that node. */
export default function TaskApprovalRoute() {
  const params = useParams();
  const taskId = Number(params.taskId);
  const nodeId = Number(params.nodeId);
  if (![taskId, nodeId].every((id) => Number.isSafeInteger(id) && id > 0)) return <NotFound />;
  return <TaskDetailPage key={`${taskId}-${nodeId}`} taskId={taskId} nodeId={nodeId} />;
}
