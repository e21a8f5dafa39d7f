import Input from '@douyinfe/semi-ui/lib/es/input';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './use-bound-field.ts';
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
  const [fieldRef, field] = useBoundField(control, name);
  return (
    <FormField id={field.id} label={label} required={required} error={field.error} wide={wide}>
      <Input
        id={field.id}
        name={name}
        type="number"
        ref={fieldRef}
        value={typeof field.value === 'number' ? String(field.value) : ''}
        onChange={(next) => {
          if (next === '') field.onChange(nullable ? null : undefined);
          else field.onChange(Number(next));
        }}
        onBlur={field.onBlur}
        disabled={disabled}
        validateStatus={field.error ? 'error' : 'default'}
        {...fieldAria(field.id, { error: field.error, required })}
      />
    </FormField>
  );
}
