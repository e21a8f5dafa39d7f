import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './bound-field.ts';

/** A checkbox with its label beside it. */
export function CheckField<T extends FieldValues>({ control, name, label, disabled }: BoundFieldProps<T>) {
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
  } = useController({ control, name });
  return (
    <div className="form-field form-field--check">
      <input
        id={id}
        type="checkbox"
        name={name}
        ref={fieldRef}
        checked={fieldValue === true}
        onChange={(event) => fieldOnChange(event.target.checked)}
        onBlur={fieldOnBlur}
        disabled={disabled}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
