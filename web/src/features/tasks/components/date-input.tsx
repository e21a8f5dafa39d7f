import type { InputHTMLAttributes } from 'react';

interface DateInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'className'
> {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}

/**
 * A 'YYYY-MM-DD' string ('' when empty) in the browser's own date input, like the time fields: the
 * Lark webview opens the phone's date wheel, desktop browsers their calendar, both keyboard-usable,
 * and no date library is shipped (Semi's DatePicker with date-fns was 44 KB brotli on every list).
 */
export function DateInput({ value, onChange, invalid, ...props }: DateInputProps) {
  return (
    <input
      {...props}
      type="date"
      className="native-control"
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
