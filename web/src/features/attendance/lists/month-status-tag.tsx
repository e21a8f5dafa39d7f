import Tag from '@douyinfe/semi-ui/lib/es/tag';
import type { TagColor } from '@douyinfe/semi-ui/lib/es/tag/interface';
import type { TAttendanceMonthStatus } from '@portal/shared/contracts/attendance';

const COLOUR: Record<TAttendanceMonthStatus, TagColor> = {
  none: 'grey',
  draft: 'white',
  '01': 'blue',
  '02': 'amber',
  '90': 'green',
};

/** Where an employee's month stands: 未入力, 下書き, 申請中, 差戻し, 完了. */
export function MonthStatusTag({ status, label }: { status: TAttendanceMonthStatus; label: string }) {
  return (
    <Tag color={COLOUR[status]} type="light" data-testid="attendance-status" data-status={status}>
      {label}
    </Tag>
  );
}
