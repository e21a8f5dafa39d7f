import Button from '@douyinfe/semi-ui/lib/es/button';
import { Page } from '@/components/page.tsx';
import { MonthField } from '@/components/form/month-field.tsx';
import { useMonthParam } from '@/lib/month-param.ts';
import { toastError } from '@/lib/notify.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useDownloadAttendance } from '../api/download-attendance.ts';
import '../components/expense.css';

export const DOWNLOAD_BUTTON = 'Excel をダウンロード';

/**
 * /expense/attendance (勤怠出力, expense.view_attendance): HR picks a month and downloads every
 * employee's attendance of it as one .xlsx for payroll. The month lives in the URL.
 */
export default function AttendanceOutputRoute() {
  const [picked, setMonth] = useMonthParam();
  const download = useDownloadAttendance();

  const run = async () => {
    try {
      const file = await download.mutateAsync(picked);
      saveFile(file.blob, file.filename ?? `勤怠_${picked.year}年${picked.month}月.xlsx`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page headingId="attendance-output-heading">
      <p className="expense-note">
        選んだ月に申請中または承認済みの全社員の勤怠を、給与計算用の Excel ファイル（.xlsx）1
        つにまとめてダウンロードします。
      </p>
      <div className="expense-toolbar">
        <MonthField value={picked} onChange={setMonth} />
        <Button
          theme="solid"
          loading={download.isPending}
          onClick={() => void run()}
          data-testid="attendance-output-download"
        >
          {DOWNLOAD_BUTTON}
        </Button>
      </div>
    </Page>
  );
}
