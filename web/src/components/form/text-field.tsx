import Input from '@douyinfe/semi-ui/lib/es/input';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import type { FieldValues } from 'react-hook-form';
import { FormField, fieldAria } from './form-field.tsx';
import { useBoundField, type BoundFieldProps } from './use-bound-field.ts';

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
  const [fieldRef, field] = useBoundField(control, name);
  const common = {
    id: field.id,
    name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (next: string) => field.onChange(nullable && next === '' ? null : next),
    onBlur: field.onBlur,
    disabled,
    placeholder,
    validateStatus: field.error ? ('error' as const) : ('default' as const),
    ...fieldAria(field.id, { error: field.error, required }),
  };
  return (
    <FormField id={field.id} label={label} required={required} error={field.error} wide={wide}>
      {multiline ? (
        <TextArea {...common} ref={fieldRef} autosize rows={2} />
      ) : (
        <Input
          {...common}
          ref={fieldRef}
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
