import { useId } from 'react';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** A labelled Semi Input bound to react-hook-form, its error beneath it (spec §5). */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  type = 'text',
  autoComplete,
  placeholder,
  disabled,
}: TextFieldProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const {
    field: { ref: inputRef, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="form-field__required" aria-hidden="true">
            （*）
          </span>
        ) : null}
      </label>
      <Input
        id={id}
        name={name}
        ref={inputRef}
        value={typeof value === 'string' ? value : ''}
        onChange={(next) => onChange(next)}
        onBlur={onBlur}
        type={type === 'password' ? undefined : type}
        mode={type === 'password' ? 'password' : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
        required={required}
        validateStatus={error ? 'error' : 'default'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        size="large"
      />
      {error ? (
        <div className="form-field__error" id={errorId} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
