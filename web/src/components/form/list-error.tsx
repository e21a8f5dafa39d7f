import { useFormState, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A message the schema put on a list as a whole (e.g. `fields.0.choices`), not on one of its items. */
export function ListError<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { errors } = useFormState({ control, name });
  let node: unknown = errors;
  for (const key of name.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  const own = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const error = own?.message ?? own?.root?.message;
  return typeof error === 'string' && error ? (
    <div className="form-field__error" role="alert">
      {error}
    </div>
  ) : null;
}
