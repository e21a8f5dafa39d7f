// The request form's resolver: each field checked by the shared parseFieldValue, the very function
// the API's buildFieldValuesSchema wraps. Calling it directly keeps the form free of zod, so the
// zod chunk the sign-in page also loads does not grow with schema features only this form needs.
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  parseFieldValue,
  type TFieldRule,
  type TFieldValues,
  type TFieldValuesOptions,
} from '@portal/shared/workflow/field-values';

type FormValues = Record<string, unknown>;

export function fieldValuesResolver(
  rules: readonly TFieldRule[],
  options: TFieldValuesOptions = {},
): Resolver<FormValues, unknown, TFieldValues> {
  return (values) => {
    const parsed: TFieldValues = {};
    const errors: Record<string, { type: string; message: string }> = {};
    for (const rule of rules) {
      // Read-only fields take their default on the server: they are never sent.
      if (rule.read_only) continue;
      const result = parseFieldValue(rule, values[rule.name], options);
      if ('error' in result) errors[rule.name] = { type: 'validate', message: result.error };
      else parsed[rule.name] = result.value;
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<FormValues> }
      : { values: parsed, errors: {} };
  };
}
