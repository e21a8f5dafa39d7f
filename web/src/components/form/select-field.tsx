import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './use-bound-field.ts';
import { FormField, fieldAria } from './form-field.tsx';

interface SelectFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  options: readonly { value: string; label: string }[];
  /** Adds an empty option meaning null. */
  nullable?: boolean;
  onValueChange?: (value: string | null) => void;
}

/** A native select: keyboard and screen-reader friendly, light, and the phone's own picker. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  wide,
  options,
  nullable = false,
  onValueChange,
}: SelectFieldProps<T>) {
  const [fieldRef, field] = useBoundField(control, name);
  return (
    <FormField id={field.id} label={label} required={required} error={field.error} wide={wide}>
      <select
        id={field.id}
        name={name}
        ref={fieldRef}
        className="native-control"
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => {
          const next = event.target.value === '' && nullable ? null : event.target.value;
          field.onChange(next);
          onValueChange?.(next);
        }}
        onBlur={field.onBlur}
        disabled={disabled}
        {...fieldAria(field.id, { error: field.error, required })}
      >
        {nullable ? <option value="">（なし）</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
