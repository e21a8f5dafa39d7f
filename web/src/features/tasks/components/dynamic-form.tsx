import { lazy, Suspense, useMemo, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Input from '@douyinfe/semi-ui/lib/es/input';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import Radio from '@douyinfe/semi-ui/lib/es/radio';
import RadioGroup from '@douyinfe/semi-ui/lib/es/radio/radioGroup';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import type { TFormSchemaField } from '@portal/shared/contracts/tasks';
import { DECIMAL_STEP, MULTI_SELECT, SELECT_PLACEHOLDER, TIME_STEP_SECONDS } from '@portal/shared/limits';
import { CONFIRM } from '@portal/shared/messages';
import { DEFAULT_STRING_MAX_LENGTH, DEFAULT_TEXT_MAX_LENGTH } from '@portal/shared/workflow/codes';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import { Alert } from '@/components/alert.tsx';
import { FormField, fieldAria } from '@/components/form/form-field.tsx';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { fieldValuesResolver } from '../lib/field-resolver.ts';
import { ruleOf, type InputValue, type InputValues } from '../lib/form-values.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DateInput } from './date-input.tsx';
import { asText, type ControlProps } from './control-props.ts';
import { FileInput } from './file-input.tsx';

type FormValues = Record<string, unknown>;
type FormControl = Control<FormValues, unknown, TFieldValues>;

function inputValueOf(value: unknown): InputValue {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value))
    return value.filter(
      (item): item is string | number => typeof item === 'string' || typeof item === 'number',
    );
  return '';
}

const AutocompleteControl = lazy(() =>
  import('./select-controls.tsx').then((module) => ({ default: module.AutocompleteControl })),
);
const MultiChoiceControl = lazy(() =>
  import('./select-controls.tsx').then((module) => ({ default: module.MultiChoiceControl })),
);

/** Semi's Select, loaded when a form has such a field; a same-sized empty box meanwhile. */
function LazyControl({ kind, ...props }: ControlProps & { kind: 'autocomplete' | 'multiple' }) {
  const Control = kind === 'autocomplete' ? AutocompleteControl : MultiChoiceControl;
  return (
    <Suspense fallback={<div className="native-control" aria-hidden />}>
      <Control {...props} />
    </Suspense>
  );
}

function FieldControl(props: ControlProps) {
  const { field, id, value, invalid, describedBy, onChange, onBlur } = props;
  const common = {
    id,
    name: field.name,
    disabled: field.read_only,
    onBlur,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  };
  const status = invalid ? ('error' as const) : ('default' as const);
  switch (field.data_type) {
    case 'integer':
    case 'decimal':
      return (
        <Input
          {...common}
          type="number"
          inputMode={field.data_type === 'integer' ? 'numeric' : 'decimal'}
          step={field.data_type === 'integer' ? 1 : (field.step ?? DECIMAL_STEP)}
          value={asText(value)}
          validateStatus={status}
          onChange={(next) => onChange(next)}
        />
      );
    case 'time':
      return (
        <Input
          {...common}
          type="time"
          step={field.step ?? TIME_STEP_SECONDS}
          value={asText(value)}
          validateStatus={status}
          onChange={(next) => onChange(next)}
        />
      );
    case 'date':
      return (
        <DateInput
          id={id}
          value={asText(value)}
          invalid={invalid}
          disabled={field.read_only}
          aria-label={field.label}
          aria-describedby={describedBy}
          onChange={(next) => onChange(next)}
          onBlur={onBlur}
        />
      );
    case 'choice':
      if (field.multiple) return <LazyControl kind="multiple" {...props} />;
      // One item: the browser's own select (the phone's picker in the Lark webview).
      return (
        <select
          {...common}
          aria-labelledby={`${id}-label`}
          className="native-control"
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="" disabled={field.required}>
            {SELECT_PLACEHOLDER}
          </option>
          {field.choices.slice(0, MULTI_SELECT.maxOptions).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.text}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <RadioGroup
          name={field.name}
          aria-label={field.label}
          value={asText(value)}
          disabled={field.read_only}
          onChange={(event) => onChange(String(event.target.value))}
        >
          <Radio value="true">はい</Radio>
          <Radio value="false">いいえ</Radio>
          {field.required ? null : <Radio value="">未選択</Radio>}
        </RadioGroup>
      );
    case 'text':
      return (
        <TextArea
          {...common}
          value={asText(value)}
          maxLength={field.max_length ?? DEFAULT_TEXT_MAX_LENGTH}
          maxCount={field.max_length ?? undefined}
          rows={4}
          validateStatus={status}
          onChange={(next) => onChange(next)}
        />
      );
    case 'autocomplete':
      return <LazyControl kind="autocomplete" {...props} />;
    case 'file':
      return null;
    case 'string':
      return (
        <Input
          {...common}
          value={asText(value)}
          maxLength={field.max_length ?? DEFAULT_STRING_MAX_LENGTH}
          validateStatus={status}
          onChange={(next) => onChange(next)}
        />
      );
  }
}

function SchemaField({
  field,
  control,
  currentFile,
  onPickText,
}: {
  field: TFormSchemaField;
  control: FormControl;
  currentFile: string | null;
  /** Sets the `field_for_init` field of an autocomplete (spec §3.2) when it is on the form. */
  onPickText?: (text: string) => void;
}) {
  const id = `field-${field.name}`;
  const {
    field: { value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: field.name });
  const initName = field.data_type === 'autocomplete' ? field.field_for_init : null;
  const initValue = useWatch({ control, name: initName ?? field.name, disabled: !initName });
  // A refused file (over 2 MB) is said here and not as a form error: once a submit has failed the
  // form validates on every change, and that run would replace or clear the message at once.
  const [refusal, setRefusal] = useState<string | null>(null);
  const error = refusal ?? fieldState.error?.message;
  const describedBy = fieldAria(id, { error, help: field.help_text })['aria-describedby'];
  return (
    <FormField
      id={id}
      label={field.label}
      required={field.required}
      error={error}
      help={field.help_text || undefined}
      className="dynamic-form__field"
      data-field={field.name}
      data-type={field.data_type}
    >
      {field.data_type === 'file' ? (
        <FileInput
          id={id}
          name={field.name}
          label={field.label}
          disabled={field.read_only}
          currentName={currentFile}
          describedBy={describedBy}
          onChange={(upload) => {
            if (upload) setRefusal(null);
            onChange(upload);
          }}
          onRefuse={setRefusal}
        />
      ) : (
        <FieldControl
          field={field}
          id={id}
          value={inputValueOf(value)}
          invalid={Boolean(error)}
          describedBy={describedBy}
          onChange={onChange}
          onBlur={onBlur}
          initText={initName ? asText(inputValueOf(initValue)) : undefined}
          onPickText={onPickText}
        />
      )}
    </FormField>
  );
}

/** Fields with the same `order` share one row (spec §3.2). */
export function fieldRows(fields: readonly TFormSchemaField[]): TFormSchemaField[][] {
  const rows = new Map<number, TFormSchemaField[]>();
  for (const field of fields) rows.set(field.order, [...(rows.get(field.order) ?? []), field]);
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

interface DynamicFormProps {
  fields: readonly TFormSchemaField[];
  initialValues: InputValues;
  /** File fields that already hold a stored file (resubmitting), by name → file name. */
  storedFiles?: Record<string, string>;
  submitLabel: string;
  /** Sends the validated values; a rejected 400 puts the server's messages under the fields. */
  onSubmit: (values: TFieldValues) => Promise<void>;
}

/**
 * The request form built from a workflow's field definitions (spec §3.2, §5), checked with the same
 * validator the API runs. Asks '申請します、よろしいですか？' before sending; an error keeps every value.
 */
export function DynamicForm({
  fields,
  initialValues,
  storedFiles = {},
  submitLabel,
  onSubmit,
}: DynamicFormProps) {
  const filesPresent = useMemo(() => Object.keys(storedFiles), [storedFiles]);
  const resolver = useMemo(
    () => fieldValuesResolver(fields.map(ruleOf), { filesPresent }),
    [fields, filesPresent],
  );
  const form = useForm<FormValues, unknown, TFieldValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initialValues,
    resolver,
  });
  const [pending, setPending] = useState<TFieldValues | null>(null);
  const names = fields.map((field) => field.name);
  // Confirmed first: the dialog's OK sends the values the client already checked.
  const server = useServerForm(form, { fields: names, send: onSubmit });

  const send = async () => {
    if (!pending) return;
    await server.send(pending);
    setPending(null);
  };

  return (
    <form className="dynamic-form" noValidate onSubmit={form.handleSubmit((values) => setPending(values))}>
      {server.messages.length > 0 ? <Alert>{server.messages.join('\n')}</Alert> : null}
      {form.formState.errors.root?.message ? <Alert>{form.formState.errors.root.message}</Alert> : null}
      {fieldRows(fields).map((row) => (
        <div className="dynamic-form__row" key={row[0]!.order} data-testid="form-row">
          {row.map((field) => (
            <SchemaField
              key={field.name}
              field={field}
              control={form.control}
              currentFile={storedFiles[field.name] ?? null}
              onPickText={
                field.data_type === 'autocomplete' &&
                field.field_for_init &&
                names.includes(field.field_for_init)
                  ? (text) =>
                      form.setValue(field.field_for_init!, text, { shouldDirty: true, shouldValidate: false })
                  : undefined
              }
            />
          ))}
        </div>
      ))}
      <div className="dynamic-form__actions">
        <Button htmlType="submit" theme="solid" type="primary" size="large">
          {submitLabel}
        </Button>
      </div>
      <ConfirmDialog
        visible={pending !== null}
        title="申請の確認"
        message={CONFIRM.createTask}
        okText={submitLabel}
        onCancel={() => setPending(null)}
        onConfirm={send}
      />
    </form>
  );
}
