import { useId } from 'react';
import Input from '@douyinfe/semi-ui/lib/es/input';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import { useController, type FieldValues } from 'react-hook-form';
import { FormField, fieldAria } from './form-field.tsx';
import type { BoundFieldProps } from './bound-field.ts';

interface TextFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  placeholder?: string;
  size?: 'default' | 'large';
  /** Empty text is stored as null. */
  nullable?: boolean;
  multiline?: boolean;
}

/** A labelled Semi Input (or TextArea) bound to react-hook-form, its error beneath it. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  disabled,
  wide,
  type = 'text',
  autoComplete,
  placeholder,
  size,
  nullable = false,
  multiline = false,
}: TextFieldProps<T>) {
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  const common = {
    id,
    name,
    ref: fieldRef,
    value: typeof fieldValue === 'string' ? fieldValue : '',
    onChange: (next: string) => fieldOnChange(nullable && next === '' ? null : next),
    onBlur: fieldOnBlur,
    disabled,
    placeholder,
    validateStatus: error ? ('error' as const) : ('default' as const),
    ...fieldAria(id, { error, required }),
  };
  return (
    <FormField id={id} label={label} required={required} error={error} wide={wide}>
      {multiline ? (
        <TextArea {...common} autosize rows={2} />
      ) : (
        <Input
          {...common}
          type={type === 'password' ? undefined : type}
          mode={type === 'password' ? 'password' : undefined}
          autoComplete={autoComplete}
          required={required}
          size={size}
        />
      )}
    </FormField>
  );
}
