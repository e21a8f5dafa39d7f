// Between the typed values of the contract (numbers, booleans, arrays) and what the inputs hold
// (text, 'true'/'false', arrays): the shared validator turns the inputs back into typed values.
import type { TFormSchemaField, TTaskFormField } from '@portal/shared/contracts/tasks';
import type { TFieldRule, TFieldValue } from '@portal/shared/workflow/field-values';

export type InputValue = string | (string | number)[] | number;
export type InputValues = Record<string, InputValue>;

/** The rule the shared validator needs, from the create screen's field. */
export const ruleOf = (field: TFormSchemaField): TFieldRule => field;

export function toInputValue(
  field: Pick<TFormSchemaField, 'data_type' | 'multiple'>,
  value: TFieldValue | undefined,
): InputValue {
  if (field.multiple) return Array.isArray(value) ? value : [];
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.join(',');
  if (field.data_type === 'autocomplete') return value;
  return String(value);
}

export function initialInputValues(
  fields: readonly TFormSchemaField[],
  saved?: readonly TTaskFormField[],
): InputValues {
  const values: InputValues = {};
  for (const field of fields) {
    const previous = saved?.find((item) => item.name === field.name);
    values[field.name] = toInputValue(
      field,
      previous && field.data_type !== 'file' ? previous.value : field.default,
    );
  }
  return values;
}
