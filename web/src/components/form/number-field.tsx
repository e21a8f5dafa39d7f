import { useId } from 'react';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './bound-field.ts';
import { FormField, fieldAria } from './form-field.tsx';

/** A number; empty is null (`nullable`) or left for the schema to refuse. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  wide,
  nullable = false,
}: BoundFieldProps<T> & { nullable?: boolean }) {
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <FormField id={id} label={label} required={required} error={error} wide={wide}>
      <Input
        id={id}
        name={name}
        type="number"
        ref={fieldRef}
        value={typeof fieldValue === 'number' ? String(fieldValue) : ''}
        onChange={(next) => {
          if (next === '') fieldOnChange(nullable ? null : undefined);
          else fieldOnChange(Number(next));
        }}
        onBlur={fieldOnBlur}
        disabled={disabled}
        validateStatus={error ? 'error' : 'default'}
        {...fieldAria(id, { error, required })}
      />
    </FormField>
  );
}
