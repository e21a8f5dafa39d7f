import DatePicker from '@douyinfe/semi-ui/lib/es/datePicker';

interface DateInputProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/** Semi's DatePicker bound to a 'YYYY-MM-DD' string ('' when empty). */
export function DateInput({ value, onChange, invalid, ...props }: DateInputProps) {
  return (
    <DatePicker
      {...props}
      type="date"
      format="yyyy-MM-dd"
      value={value === '' ? undefined : value}
      validateStatus={invalid ? 'error' : 'default'}
      onChange={(_date, dateString) => onChange(typeof dateString === 'string' ? dateString : '')}
      style={{ width: '100%' }}
    />
  );
}
