import { useSearchParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state.tsx';
import { useAttendanceDetails } from '../api/get-attendance-details.ts';
import { useAttendanceReport } from '../api/get-attendance-report.ts';
import { AttendanceView } from './attendance-view.tsx';
import { VersionHistory } from './version-history.tsx';
import { VersionPicker } from './version-picker.tsx';

function versionParam(params: URLSearchParams): number | null {
  const text = params.get('version');
  return text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * A 勤怠報告 as the read-only view, loaded by task id; `?version=N` shows an earlier version.
 * The task detail pages show it for attendance reports in place of the generic field list.
 */
export function AttendanceReportView({
  taskId,
  notFoundPage = false,
}: {
  taskId: number;
  notFoundPage?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const version = versionParam(params);
  const details = useAttendanceDetails(taskId, version, notFoundPage);
  const hasVersions = (details.data?.latest_version ?? 1) > 1;
  const report = useAttendanceReport(taskId, { enabled: hasVersions });

  if (!details.data) return <QueryState query={details} />;
  const pick = (next: number) => {
    const changed = new URLSearchParams(params);
    if (next === details.data.latest_version) changed.delete('version');
    else changed.set('version', String(next));
    setParams(changed, { replace: true });
  };
  return (
    <AttendanceView
      details={details.data}
      versionPicker={
        report.data ? (
          <VersionPicker versions={report.data.versions} value={details.data.version} onChange={pick} />
        ) : null
      }
      versionHistory={
        report.data ? (
          <VersionHistory versions={report.data.versions} current={details.data.version} onPick={pick} />
        ) : null
      }
    />
  );
}

export default AttendanceReportView;
