// A native date, month or time input in the FormField frame: phones and the keyboard handle these
// without help, and the error and help are read with the control.
import { FormField, fieldAria } from '@/components/form/form-field.tsx';

interface NativeFieldProps {
  id: string;
  label: string;
  type: 'date' | 'month' | 'time';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Seconds, for a time: 900 (15 minutes, spec §9). */
  step?: number;
}

export function NativeField({ id, label, type, value, onChange, error, step }: NativeFieldProps) {
  return (
    <FormField id={id} label={label} required error={error}>
      <input
        id={id}
        type={type}
        step={step}
        className="native-control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(id, { error, required: true })}
      />
    </FormField>
  );
}

/** 公開日 and 公開時刻 side by side (the time in 15-minute steps); the error goes under the date. */
export function PublishAtFields({
  id,
  date,
  time,
  error,
  onDate,
  onTime,
}: {
  id: string;
  date: string;
  time: string;
  error?: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  return (
    <div className="upload-form__row">
      <NativeField
        id={`${id}-date`}
        label="公開日"
        type="date"
        value={date}
        onChange={onDate}
        error={error}
      />
      <NativeField id={`${id}-time`} label="公開時刻" type="time" step={900} value={time} onChange={onTime} />
    </div>
  );
}
