import { monthValue, parseMonthValue, type YearMonth } from '@/lib/month-param.ts';
import './month-field.css';

interface MonthFieldProps {
  value: YearMonth;
  onChange: (month: YearMonth) => void;
  label?: string;
  /** Only these months may be picked: a select of them (`2025年4月`) instead of a month input. */
  choices?: readonly YearMonth[];
}

/** A labelled month (対象月), `name="month"`; a half-typed or cleared value changes nothing. */
export function MonthField({ value, onChange, label = '対象月', choices }: MonthFieldProps) {
  const pick = (text: string) => {
    const next = parseMonthValue(text);
    if (next) onChange(next);
  };
  return (
    <label className="month-field">
      <span className="month-field__label">{label}</span>
      {choices ? (
        <select
          name="month"
          className="native-control"
          value={monthValue(value)}
          onChange={(event) => pick(event.target.value)}
        >
          {choices.map((choice) => (
            <option key={monthValue(choice)} value={monthValue(choice)}>
              {`${choice.year}年${choice.month}月`}
            </option>
          ))}
        </select>
      ) : (
        <input
          type="month"
          name="month"
          className="native-control"
          value={monthValue(value)}
          onChange={(event) => pick(event.target.value)}
        />
      )}
    </label>
  );
}
