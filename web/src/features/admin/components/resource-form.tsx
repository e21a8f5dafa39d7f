import Button from '@douyinfe/semi-ui/lib/es/button';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { Alert } from '@/components/alert.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import type { ConsoleUser, FieldDecl } from '../resource.ts';
import { DeclaredField } from './declared-field.tsx';
import { fieldResolver, serverErrors } from './field-resolver.ts';

interface DeclaredFormProps {
  label: string;
  fields: readonly FieldDecl[];
  initial: Record<string, unknown>;
  user: ConsoleUser;
  submitText: string;
  /** Rejects with the API error: its field errors go under the fields, the rest above the form. */
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onCancel?: () => void;
  /** The record the form acts on, handed to the fields' choices. */
  context?: unknown;
  /** What the record will look like, from the values as they are typed. */
  preview?: (values: Record<string, unknown>) => ReactNode;
}

function FormPreview({
  control,
  preview,
}: {
  control: Control<FieldValues>;
  preview: (values: Record<string, unknown>) => ReactNode;
}) {
  const values = useWatch({ control });
  return (
    <section className="admin-preview" aria-labelledby="admin-preview-heading">
      <h3 id="admin-preview-heading">プレビュー</h3>
      {preview(values)}
    </section>
  );
}

/** A form of declared fields, checked by what they declare, the server's errors placed alike. */
export function DeclaredForm({
  label,
  fields,
  initial,
  user,
  submitText,
  onSubmit,
  onCancel,
  context,
  preview,
}: DeclaredFormProps) {
  const shown = fields.filter(
    (f) =>
      (!f.superuserOnly || user.isSuperuser) &&
      (!f.permission || user.can(f.permission)) &&
      (f.visible?.(context) ?? true),
  );
  const [formError, setFormError] = useState<string[]>([]);
  const form = useForm<FieldValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial,
    resolver: fieldResolver(shown),
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError([]);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        const { placed, unplaced } = serverErrors(
          error.fieldErrors,
          shown.map((f) => f.name),
        );
        placed.forEach(([name, message], index) =>
          form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
        const rest = [...error.nonFieldErrors, ...unplaced];
        if (rest.length > 0 || placed.length === 0) setFormError(rest.length ? rest : errorMessages(error));
      } else {
        setFormError(errorMessages(error));
      }
    }
  });
  return (
    <form className="admin-form" noValidate aria-label={label} onSubmit={(event) => void submit(event)}>
      {formError.length > 0 ? <Alert>{formError.join(' ')}</Alert> : null}
      {form.formState.errors.root?.message ? <Alert>{form.formState.errors.root.message}</Alert> : null}
      <div className="admin-form__grid">
        {shown.map((field) => (
          <DeclaredField key={field.name} field={field} control={form.control} context={context} />
        ))}
      </div>
      {preview ? <FormPreview control={form.control} preview={preview} /> : null}
      <div className="admin-form__buttons">
        <Button htmlType="submit" theme="solid" size="large" loading={form.formState.isSubmitting}>
          {submitText}
        </Button>
        {onCancel ? (
          <Button size="large" onClick={onCancel}>
            キャンセル
          </Button>
        ) : null}
      </div>
    </form>
  );
}
