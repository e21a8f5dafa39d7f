import { useParams } from 'react-router-dom';
import { NotFound } from '@/components/errors/not-found.tsx';
import { TaskDetailPage } from '../components/task-detail-page.tsx';

/** /task/tasks/{unresolved|approval-finished|finished|observer}/{id}. */
export default function TaskDetailRoute() {
  const params = useParams();
  const taskId = Number(params.taskId ?? params.id);
  if (!Number.isSafeInteger(taskId) || taskId <= 0) return <NotFound />;
  return <TaskDetailPage key={taskId} taskId={taskId} nodeId={null} />;
}
