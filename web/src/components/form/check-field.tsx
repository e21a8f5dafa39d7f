import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './use-bound-field.ts';

/** A checkbox with its label beside it. */
export function CheckField<T extends FieldValues>({ control, name, label, disabled }: BoundFieldProps<T>) {
  const [fieldRef, field] = useBoundField(control, name);
  return (
    <div className="form-field form-field--check">
      <input
        id={field.id}
        type="checkbox"
        name={name}
        ref={fieldRef}
        checked={field.value === true}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
        disabled={disabled}
      />
      <label htmlFor={field.id}>{label}</label>
    </div>
  );
}
