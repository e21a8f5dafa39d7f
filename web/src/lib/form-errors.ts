import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.ts';

export interface AppliedFieldErrors<T extends FieldValues> {
  /** The fields that received a message. */
  placed: Path<T>[];
  /** `detail`, `non_field_errors` and messages for keys that are not among the form's fields. */
  unplaced: string[];
}

/**
 * Puts the server's field errors (400 `{field: ["…"]}`) under the matching inputs, the first message
 * of each list (spec §5), and returns what could not be placed for the caller to show above the
 * form or in a toast.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): AppliedFieldErrors<T> {
  const result: AppliedFieldErrors<T> = { placed: [], unplaced: [] };
  if (!(error instanceof ApiError)) return result;
  if (error.detail) result.unplaced.push(error.detail);
  result.unplaced.push(...error.nonFieldErrors);
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = fields.find((name) => name === key);
    const [first] = messages;
    if (field === undefined || first === undefined) {
      result.unplaced.push(...messages);
      continue;
    }
    setError(field, { type: 'server', message: first }, { shouldFocus: result.placed.length === 0 });
    result.placed.push(field);
  }
  return result;
}
