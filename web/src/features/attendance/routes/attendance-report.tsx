import { useParams } from 'react-router-dom';
import { Page } from '@/components/page.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { AttendanceReportView } from '../view/attendance-report-view.tsx';

/**
 * /attendance/tasks/details/{task_id}: a 勤怠報告's read-only view on its own, for those who may see
 * the attendance without being on the request (employee.view_attendance, org-only, from the lists).
 */
export default function AttendanceReportRoute() {
  const taskId = Number(useParams().id);
  if (!Number.isSafeInteger(taskId) || taskId <= 0) return <NotFound />;
  return (
    <Page headingId="attendance-report-heading">
      <AttendanceReportView key={taskId} taskId={taskId} notFoundPage />
    </Page>
  );
}
