import Radio from '@douyinfe/semi-ui/lib/es/radio';
import RadioGroup from '@douyinfe/semi-ui/lib/es/radio/radioGroup';
import type { RejectControlProps } from '@/components/task-kind-views.tsx';

/**
 * The fixed reasons a request of some kinds is rejected for (ZTask.reject_reasons, a vacation
 * request's three): task-actions.tsx loads this with its dialog.
 */
export function FixedRejectReasons({ labelledBy, reasons, value, onChange }: RejectControlProps) {
  return (
    <RadioGroup
      direction="vertical"
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(String(event.target.value))}
    >
      {(reasons ?? []).map((item) => (
        <Radio key={item.value} value={item.value}>
          {item.text}
        </Radio>
      ))}
    </RadioGroup>
  );
}
