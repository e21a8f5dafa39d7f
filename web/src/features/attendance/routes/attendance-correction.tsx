import { useParams } from 'react-router-dom';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { useCorrection } from '../api/get-correction.ts';
import { CorrectionForm } from '../view/correction-form.tsx';

function Correction({ taskId }: { taskId: number }) {
  const correction = useCorrection(taskId);
  return (
    <QueryState query={correction}>
      {(details) => <CorrectionForm key={details.version} details={details} />}
    </QueryState>
  );
}

/** /attendance/tasks/modify-details/{task_id}: HR corrects an approved 勤怠報告 (the view's edit button). */
export default function AttendanceCorrectionRoute() {
  const taskId = Number(useParams().id);
  if (!Number.isSafeInteger(taskId) || taskId <= 0) return <NotFound />;
  return (
    <Page headingId="attendance-correction-heading">
      <Correction key={taskId} taskId={taskId} />
    </Page>
  );
}
