import { useId } from 'react';
import { FormField } from './form/form-field.tsx';

interface YearSelectProps {
  value: number;
  years: readonly number[];
  onChange: (year: number) => void;
  label?: string;
}

/** A year choice (native select: keyboard and phone friendly) for the lists kept by year. */
export function YearSelect({ value, years, onChange, label = '年' }: YearSelectProps) {
  const id = useId();
  const choices = years.includes(value) ? years : [value, ...years];
  return (
    <FormField id={id} label={label} className="year-select">
      <select
        id={id}
        className="native-control"
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {[...choices]
          .sort((a, b) => b - a)
          .map((year) => (
            <option key={year} value={year}>
              {year}年
            </option>
          ))}
      </select>
    </FormField>
  );
}
