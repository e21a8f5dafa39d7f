import type { TFormSchemaField } from '@portal/shared/contracts/tasks';
import type { InputValue } from '../lib/form-values.ts';

/** What each field control of the dynamic form is given. */
export interface ControlProps {
  field: TFormSchemaField;
  id: string;
  value: InputValue;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: InputValue) => void;
  onBlur: () => void;
  /** Autocomplete with `field_for_init`: the named field's value, the initial selection's text. */
  initText?: string;
  /** Autocomplete with `field_for_init`: writes the chosen items' text into the named field. */
  onPickText?: (text: string) => void;
}

export const asText = (value: InputValue) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
export const asList = (value: InputValue) => (Array.isArray(value) ? value : []);
