import Tag from '@douyinfe/semi-ui/lib/es/tag';
import { PROXY_STATUS_LABELS, type ProxyStatus } from '../lib/status.ts';

const COLORS = { active: 'green', upcoming: 'blue', ended: 'grey' } as const;

export function ProxyStatusTag({ status }: { status: ProxyStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="proxy-status" data-status={status}>
      {PROXY_STATUS_LABELS[status]}
    </Tag>
  );
}
