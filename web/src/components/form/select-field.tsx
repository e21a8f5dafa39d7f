import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './bound-field.ts';
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
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <FormField id={id} label={label} required={required} error={error} wide={wide}>
      <select
        id={id}
        name={name}
        ref={fieldRef}
        className="native-select"
        value={typeof fieldValue === 'string' ? fieldValue : ''}
        onChange={(event) => {
          const next = event.target.value === '' && nullable ? null : event.target.value;
          fieldOnChange(next);
          onValueChange?.(next);
        }}
        onBlur={fieldOnBlur}
        disabled={disabled}
        {...fieldAria(id, { error, required })}
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
