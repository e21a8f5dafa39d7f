import { monthValue, parseMonthValue, type YearMonth } from '@/lib/month-param.ts';
import './month-field.css';

interface MonthFieldProps {
  value: YearMonth;
  onChange: (month: YearMonth) => void;
  label?: string;
}

/** A labelled `<input type="month">` (対象月); a half-typed or cleared value changes nothing. */
export function MonthField({ value, onChange, label = '対象月' }: MonthFieldProps) {
  return (
    <label className="month-field">
      <span className="month-field__label">{label}</span>
      <input
        type="month"
        name="month"
        className="native-control"
        value={monthValue(value)}
        onChange={(event) => {
          const next = parseMonthValue(event.target.value);
          if (next) onChange(next);
        }}
      />
    </label>
  );
}
