import Radio from '@douyinfe/semi-ui/lib/es/radio';
import RadioGroup from '@douyinfe/semi-ui/lib/es/radio/radioGroup';
import { VACATION_REJECT_REASONS } from '@portal/shared/workflow/codes';

/** The fixed reasons a leave request is rejected for (task-actions.tsx loads this with its dialog). */
export function VacationRejectReasons({
  labelledBy,
  value,
  onChange,
}: {
  labelledBy: string;
  value: string;
  onChange: (reason: string) => void;
}) {
  return (
    <RadioGroup
      direction="vertical"
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(String(event.target.value))}
    >
      {VACATION_REJECT_REASONS.map((item) => (
        <Radio key={item.value} value={item.value}>
          {item.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}
