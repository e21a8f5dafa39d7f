import { useParams } from 'react-router-dom';
import { NotFound } from '@/components/errors/not-found.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { AttendanceReportView } from '../view/attendance-report-view.tsx';

/**
 * /attendance/tasks/details/{task_id}: a 勤怠報告's read-only view on its own, for those who may see
 * the attendance without being on the request (employee.view_attendance, org-only, from the lists).
 */
export default function AttendanceReportRoute() {
  const title = usePageTitle();
  const taskId = Number(useParams().id);
  if (!Number.isSafeInteger(taskId) || taskId <= 0) return <NotFound />;
  return (
    <section className="page" aria-labelledby="attendance-report-heading">
      <h2 className="page__heading" id="attendance-report-heading">
        {title}
      </h2>
      <AttendanceReportView key={taskId} taskId={taskId} notFoundPage />
    </section>
  );
}
