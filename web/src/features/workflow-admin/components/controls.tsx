// Small inputs bound to react-hook-form for the workflow editor: labelled, their error beneath them.
import { useId, type ReactNode } from 'react';
import Input from '@douyinfe/semi-ui/lib/es/input';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import { useController, useFormState, type Control, type FieldValues, type Path } from 'react-hook-form';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  wide?: boolean;
}

function Field({
  id,
  label,
  required,
  error,
  wide,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`wf-field${wide ? ' wf-field--wide' : ''}`}>
      <label className="wf-field__label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true">（*）</span> : null}
      </label>
      {children}
      {error ? (
        <div className="wf-field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

const aria = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** Text (or, with `nullable`, text that is null when empty). */
export function TextCtl<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  wide,
  nullable = false,
  multiline = false,
}: BaseProps<T> & { nullable?: boolean; multiline?: boolean }) {
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  const value = typeof fieldValue === 'string' ? fieldValue : '';
  const onChange = (next: string) => fieldOnChange(nullable && next === '' ? null : next);
  return (
    <Field id={id} label={label} required={required} error={error} wide={wide}>
      {multiline ? (
        <TextArea
          id={id}
          name={name}
          ref={fieldRef}
          value={value}
          onChange={onChange}
          onBlur={fieldOnBlur}
          disabled={disabled}
          autosize
          rows={2}
          {...aria(id, error)}
        />
      ) : (
        <Input
          id={id}
          name={name}
          ref={fieldRef}
          value={value}
          onChange={onChange}
          onBlur={fieldOnBlur}
          disabled={disabled}
          validateStatus={error ? 'error' : 'default'}
          {...aria(id, error)}
        />
      )}
    </Field>
  );
}

/** A number; empty is null (`nullable`) or left for the schema to refuse. */
export function NumberCtl<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  nullable = false,
}: BaseProps<T> & { nullable?: boolean }) {
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  const value = typeof fieldValue === 'number' ? String(fieldValue) : '';
  return (
    <Field id={id} label={label} required={required} error={error}>
      <Input
        id={id}
        name={name}
        type="number"
        ref={fieldRef}
        value={value}
        onChange={(next) => {
          if (next === '') fieldOnChange(nullable ? null : undefined);
          else fieldOnChange(Number(next));
        }}
        onBlur={fieldOnBlur}
        disabled={disabled}
        validateStatus={error ? 'error' : 'default'}
        {...aria(id, error)}
      />
    </Field>
  );
}

/** A checkbox. */
export function CheckCtl<T extends FieldValues>({ control, name, label, disabled }: BaseProps<T>) {
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
  } = useController({ control, name });
  return (
    <div className="wf-field wf-field--check">
      <input
        id={id}
        type="checkbox"
        name={name}
        ref={fieldRef}
        checked={fieldValue === true}
        onChange={(event) => fieldOnChange(event.target.checked)}
        onBlur={fieldOnBlur}
        disabled={disabled}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A native select (keyboard friendly, light); `nullable` adds an empty option meaning null. */
export function SelectCtl<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  options,
  nullable = false,
  onValueChange,
}: BaseProps<T> & {
  options: readonly { value: string; label: string }[];
  nullable?: boolean;
  onValueChange?: (value: string | null) => void;
}) {
  const id = useId();
  const {
    field: { ref: fieldRef, value: fieldValue, onChange: fieldOnChange, onBlur: fieldOnBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <Field id={id} label={label} required={required} error={error}>
      <select
        id={id}
        name={name}
        ref={fieldRef}
        className="wf-native"
        value={typeof fieldValue === 'string' ? fieldValue : ''}
        onChange={(event) => {
          const next = event.target.value === '' && nullable ? null : event.target.value;
          fieldOnChange(next);
          onValueChange?.(next);
        }}
        onBlur={fieldOnBlur}
        disabled={disabled}
        {...aria(id, error)}
      >
        {nullable ? <option value="">（なし）</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A message the schema put on a list as a whole (e.g. `fields.0.choices`). */
export function ListError<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { errors } = useFormState({ control, name });
  let node: unknown = errors;
  for (const key of name.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  const own = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const error = own?.message ?? own?.root?.message;
  return typeof error === 'string' && error ? (
    <div className="wf-field__error" role="alert">
      {error}
    </div>
  ) : null;
}
