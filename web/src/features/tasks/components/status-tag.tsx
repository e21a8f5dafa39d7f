import Tag from '@douyinfe/semi-ui/lib/es/tag';
import { statusTagColour, taskStatusLabel } from '../lib/status.ts';

/** A task status as a coloured tag: 01 blue, 02 yellow, 10 red, 90 and above grey. */
export function StatusTag({ status, label }: { status: string; label?: string }) {
  return (
    <Tag color={statusTagColour(status)} type="light" data-status={status}>
      {label ?? taskStatusLabel(status)}
    </Tag>
  );
}
