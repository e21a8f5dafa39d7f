import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** What every field adapter bound to react-hook-form takes. */
export interface BoundFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** Spans the whole row of a grid of fields. */
  wide?: boolean;
}

/**
 * A field's react-hook-form ref (for focusing the first error) apart from the rest, which render reads:
 * the control's id, value, handlers and error message.
 */
export function useBoundField<T extends FieldValues>(control: Control<T>, name: Path<T>) {
  const id = useId();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const rest = { id, value: value as unknown, onChange, onBlur, error: fieldState.error?.message };
  return [ref, rest] as const;
}
