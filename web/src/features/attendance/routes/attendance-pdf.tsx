import Button from '@douyinfe/semi-ui/lib/es/button';
import { Link, useSearchParams } from 'react-router-dom';
import { Forbidden } from '@/components/errors/forbidden.tsx';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { MonthField } from '@/components/form/month-field.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useMonthParam } from '@/lib/month-param.ts';
import { toastError } from '@/lib/notify.ts';
import { openFileWindow, saveFile } from '@/lib/save-file.ts';
import { reportViewPath } from '../view/paths.ts';
import { useDownloadAttendancePdf, type PdfSource } from '../api/download-pdf.ts';
import { useAttendanceReport } from '../api/get-attendance-report.ts';
import '../view/attendance-view.css';

export const OPEN_PDF = 'PDF を開く';
export const SAVE_PDF = 'PDF をダウンロード';
export const NO_REPORT_PERMISSION = 'この勤怠報告を表示する権限がありません。';

function taskParam(params: URLSearchParams): number | null {
  const text = params.get('task') ?? '';
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * /attendance/pdf: a month of attendance as PDF, opened in a new tab or saved. By default my month
 * (?month=YYYY-MM, the current one when absent); ?task={id} is a 勤怠報告 one may see (the read-only
 * view links here). A report one may not see is refused up front with the one 権限がありません page:
 * the server answers 404 for it as for a report that does not exist (it does not tell them apart).
 */
export default function AttendancePdfRoute() {
  const [params] = useSearchParams();
  const taskId = taskParam(params);
  return taskId ? <ReportPdf taskId={taskId} /> : <PdfPage taskId={null} />;
}

function ReportPdf({ taskId }: { taskId: number }) {
  const report = useAttendanceReport(taskId);
  if (isApiError(report.error, 404) || isApiError(report.error, 403)) {
    return <Forbidden message={NO_REPORT_PERMISSION} />;
  }
  if (report.isSuccess) return <PdfPage taskId={taskId} />;
  return <QueryState query={report} />;
}

function PdfPage({ taskId }: { taskId: number | null }) {
  const [month, setMonth] = useMonthParam();
  const source: PdfSource = taskId ? { kind: 'report', taskId } : { kind: 'month', month };
  const pdf = useDownloadAttendancePdf();
  const fallbackName = taskId ? `勤怠報告_${taskId}.pdf` : `勤怠_${month.year}年${month.month}月.pdf`;

  const run = async (open: boolean) => {
    const target = open ? openFileWindow() : null;
    try {
      const file = await pdf.mutateAsync(source);
      const name = file.filename ?? fallbackName;
      if (target) target.show(file.blob, name);
      else saveFile(file.blob, name);
    } catch (error) {
      target?.close();
      toastError(error);
    }
  };

  return (
    <Page headingId="attendance-pdf-heading">
      <div className="att-toolbar" data-testid="attendance-pdf">
        {taskId ? (
          <p className="att-pdf__source">
            勤怠報告 No.{taskId}（<Link to={reportViewPath(taskId)}>内容を表示</Link>）
          </p>
        ) : (
          <MonthField value={month} onChange={setMonth} />
        )}
        <Button theme="solid" loading={pdf.isPending} onClick={() => void run(true)}>
          {OPEN_PDF}
        </Button>
        <Button loading={pdf.isPending} onClick={() => void run(false)}>
          {SAVE_PDF}
        </Button>
      </div>
    </Page>
  );
}
