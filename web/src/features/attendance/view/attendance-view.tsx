import type { ReactNode } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { Link, useNavigate } from 'react-router-dom';
import type { TAttendanceDetails } from '@portal/shared/contracts/attendance';
import { correctionPath, reportPdfPath } from './paths.ts';
import { AttendanceSheet } from './attendance-sheet.tsx';
import { monthLabel } from './format.ts';
import { TimesheetLink } from './timesheet-link.tsx';
import { VacationTable } from './vacation-table.tsx';
import './attendance-view.css';

export const EDIT_BUTTON = '編集';

/**
 * The read-only attendance view of spec §2.5: the title line (month, 所定労働日数, applicant and
 * employee code), the edit button and '{editor} が {time} に編集しました' only when editing is allowed,
 * the three tabs, and the month's leave. `versionPicker` is the earlier-versions control, if any.
 */
export function AttendanceView({
  details,
  versionPicker,
  versionHistory,
}: {
  details: TAttendanceDetails;
  versionPicker?: ReactNode;
  /** The list of every version with its send-back comments, under the header. */
  versionHistory?: ReactNode;
}) {
  const navigate = useNavigate();
  const { employee } = details;
  const editable = details.can_edit && details.version === details.latest_version;
  return (
    <div className="att-view" data-testid="attendance-view">
      <h3 className="att-view__title" data-testid="attendance-title">
        <span>
          {monthLabel(details.year, details.month)} 所定労働日数 {details.basic_attendance_day}日
        </span>
        <span className="att-view__applicant">
          {employee.name}（{employee.code}）
        </span>
      </h3>
      <div className="att-view__edit">
        {editable ? (
          <>
            <Button
              theme="solid"
              data-testid="attendance-edit"
              onClick={() => navigate(correctionPath(details.task_id))}
            >
              {EDIT_BUTTON}
            </Button>
            {details.edited_line ? (
              <span className="att-view__edited" data-testid="attendance-edited">
                {details.edited_line}
              </span>
            ) : null}
          </>
        ) : null}
        <Link to={reportPdfPath(details.task_id)} data-testid="attendance-pdf-link">
          PDF
        </Link>
        {versionPicker}
      </div>
      {versionHistory}
      <AttendanceSheet
        tabs={details}
        results={details.result}
        remark={details.remark}
        timesheet={
          details.attachment ? (
            <TimesheetLink taskId={details.task_id} attachment={details.attachment} />
          ) : null
        }
      />
      <h4 className="att-section">休暇履歴</h4>
      <VacationTable vacations={details.vacations} />
    </div>
  );
}
