import type { Control, FieldValues, Path } from 'react-hook-form';

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
