import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The control's id: the label points at it, and `${id}-error` / `${id}-help` describe it. */
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  help?: ReactNode;
  /** Spans the whole row of a grid of fields. */
  wide?: boolean;
  className?: string;
  children: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

/**
 * The frame every form field shares (spec §5): its label with （*） when required, the control, a
 * help line and the error under it, announced when it appears.
 */
export function FormField({
  id,
  label,
  required,
  error,
  help,
  wide,
  className,
  children,
  ...data
}: FormFieldProps) {
  const classes = ['form-field', wide ? 'form-field--wide' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} {...data}>
      <label className="form-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
        {required ? (
          <span className="form-field__required" data-testid="required-mark" aria-hidden="true">
            （*）
          </span>
        ) : null}
      </label>
      {children}
      {help ? (
        <div className="form-field__help" id={`${id}-help`}>
          {help}
        </div>
      ) : null}
      {error ? (
        <div className="form-field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The ARIA a control in a FormField carries, so its error and help are read with it. */
export function fieldAria(
  id: string,
  { error, help, required }: { error?: string; help?: unknown; required?: boolean },
) {
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  } as const;
}
