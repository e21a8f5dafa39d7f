import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { MonthField } from '@/components/form/month-field.tsx';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useAttendanceMonth } from '../api/get-attendance-month.ts';
import { attendanceDetailsQueryOptions } from '../api/get-attendance-details.ts';
import { EntryForm } from './components/entry-form.tsx';
import { monthValue, parseMonthValue, type YearMonth } from '@/lib/month-param.ts';
import { monthChoices, tokyoMonth } from './model/month-choice.ts';
import './components/attendance-form.css';
import '../view/attendance-view.css';

function positiveId(text: string | null): number | null {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A sent-back report opened with ?resubmit={task}: find its month, then show that month. */
function useResubmitMonth(taskId: number | null, onMonth: (month: YearMonth) => void) {
  const details = useQuery({ ...attendanceDetailsQueryOptions(taskId ?? 0, null), enabled: taskId !== null });
  const found = taskId !== null && details.data ? details.data : null;
  useEffect(() => {
    if (found) onMonth({ year: found.year, month: found.month });
  }, [found, onMonth]);
  return taskId !== null ? details : null;
}

interface AttendanceEntryRouteProps {
  /** The 勤怠報告 workflow's name, for the heading. */
  workflowName?: string;
}

/**
 * The attendance entry form (spec §2.6): /task/workflows/{id}/create when the workflow is the
 * 勤怠報告 (kind 'attendance'). The month lives in the URL (?month=YYYY-MM).
 */
export default function AttendanceEntryRoute({ workflowName = '勤怠報告' }: AttendanceEntryRouteProps) {
  const title = usePageTitle();
  const [search, setSearch] = useSearchParams();
  const fromUrl = parseMonthValue(search.get('month') ?? '');
  const resubmitId = fromUrl ? null : positiveId(search.get('resubmit'));
  const chosen = fromUrl ?? tokyoMonth();
  const setMonth = (month: YearMonth) =>
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('month', monthValue(month));
        next.delete('resubmit');
        return next;
      },
      { replace: resubmitId !== null },
    );
  const resubmit = useResubmitMonth(resubmitId, setMonth);
  const waitingForResubmit = resubmit !== null;
  const month = useAttendanceMonth(chosen.year, chosen.month);
  const failed = resubmit?.error ?? month.error;

  return (
    <Page headingId="attendance-entry-heading" className="ae-page" title={`${workflowName}：${title}`}>
      <div className="ae-month">
        <MonthField value={chosen} onChange={setMonth} choices={monthChoices(chosen)} />
        {month.data ? (
          <span className="ae-month__status" data-testid="attendance-status" data-status={month.data.status}>
            {month.data.status_name}
          </span>
        ) : null}
      </div>
      <QueryState
        query={{ isPending: month.isPending || waitingForResubmit, error: failed, data: undefined }}
      />
      {month.data && !waitingForResubmit ? (
        <EntryForm key={`${month.data.year}-${month.data.month}`} month={month.data} />
      ) : null}
    </Page>
  );
}
