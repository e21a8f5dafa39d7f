import { useParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
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
  const title = usePageTitle();
  const taskId = Number(useParams().id);
  if (!Number.isSafeInteger(taskId) || taskId <= 0) return <NotFound />;
  return (
    <section className="page" aria-labelledby="attendance-correction-heading">
      <h2 className="page__heading" id="attendance-correction-heading">
        {title}
      </h2>
      <Correction key={taskId} taskId={taskId} />
    </section>
  );
}
