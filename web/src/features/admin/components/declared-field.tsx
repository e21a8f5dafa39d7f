import Input from '@douyinfe/semi-ui/lib/es/input';
import { useId } from 'react';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { FormField, fieldAria } from '@/components/form/form-field.tsx';
import { toUploadString } from '@/lib/upload-string.ts';
import type { Choice, FieldDecl, FileValue } from '../resource.ts';

const NO_CHOICES: readonly Choice[] = [];
const noChoices = () => NO_CHOICES;

/** One declared field, bound to react-hook-form, framed by FormField (label, （*）, help, error). */
export function DeclaredField({
  field,
  control,
  context,
}: {
  field: FieldDecl;
  control: Control<FieldValues>;
  context?: unknown;
}) {
  const id = useId();
  const choices = (field.useChoices ?? noChoices)(context);
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: field.name });
  const error = fieldState.error?.message;
  const aria = fieldAria(id, { error, help: field.help, required: field.required });

  if (field.kind === 'check')
    return (
      <div className="form-field form-field--check">
        <input
          id={id}
          ref={ref}
          type="checkbox"
          name={field.name}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          {...aria}
        />
        <label htmlFor={id}>{field.label}</label>
        {error ? (
          <div className="form-field__error" id={`${id}-error`} role="alert">
            {error}
          </div>
        ) : null}
      </div>
    );

  if (field.kind === 'multi') {
    // Numeric choices (group ids) are kept as numbers, the others as the strings they are.
    const selected = Array.isArray(value) ? (value as (string | number)[]) : [];
    const has = (choice: string) => selected.some((v) => String(v) === choice);
    const toggle = (choice: string, on: boolean) =>
      onChange(
        on
          ? [...selected, field.numeric ? Number(choice) : choice]
          : selected.filter((v) => String(v) !== choice),
      );
    return (
      <fieldset
        className="form-field form-field--wide admin-multi"
        aria-describedby={aria['aria-describedby']}
      >
        <legend className="form-field__label">{field.label}</legend>
        {choices.map((choice, index) => {
          const choiceId = `${id}-${index}`;
          return (
            <div key={choice.value} className="admin-multi__choice">
              <input
                id={choiceId}
                ref={index === 0 ? ref : undefined}
                type="checkbox"
                name={field.name}
                value={choice.value}
                checked={has(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
                onBlur={onBlur}
              />
              <label htmlFor={choiceId}>
                {choice.label}
                {choice.hint ? <span className="admin-multi__hint">{choice.hint}</span> : null}
              </label>
            </div>
          );
        })}
        {error ? (
          <div className="form-field__error" id={`${id}-error`} role="alert">
            {error}
          </div>
        ) : null}
      </fieldset>
    );
  }

  let control_;
  if (field.kind === 'select') {
    control_ = (
      <select
        id={id}
        ref={ref}
        name={field.name}
        className="native-control"
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => {
          const text = event.target.value;
          if (text === '') onChange(field.nullable ? null : undefined);
          else onChange(field.numeric ? Number(text) : text);
        }}
        onBlur={onBlur}
        {...aria}
      >
        <option value="">{field.nullable ? '（なし）' : '選択してください'}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'files') {
    const files = Array.isArray(value) ? (value as FileValue[]) : [];
    const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;
    const add = async (chosen: FileList | null) => {
      const picked = await Promise.all(
        [...(chosen ?? [])].map(async (f) => ({ name: f.name, size: f.size, file: await toUploadString(f) })),
      );
      onChange([...files, ...picked]);
    };
    control_ = (
      <div className="admin-files">
        {files.length > 0 ? (
          <ul className="admin-files__list">
            {files.map((f, index) => (
              <li key={`${f.n ?? 'new'}-${index}`}>
                <span>
                  {f.name}（{kb(f.size)}）
                </span>
                <button
                  type="button"
                  className="admin-files__remove"
                  onClick={() => onChange(files.filter((_, i) => i !== index))}
                >
                  {f.name} を外す
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {files.length < (field.maxLength ?? Infinity) ? (
          <input
            id={id}
            ref={ref}
            type="file"
            multiple
            name={field.name}
            accept={field.accept?.map((e) => `.${e}`).join(',')}
            onChange={(event) => {
              void add(event.target.files);
              event.target.value = '';
            }}
            onBlur={onBlur}
            {...aria}
          />
        ) : null}
      </div>
    );
  } else if (field.kind === 'textarea') {
    control_ = (
      <textarea
        id={id}
        ref={ref}
        name={field.name}
        className="native-control native-control--textarea admin-textarea"
        rows={12}
        maxLength={field.maxLength}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...aria}
      />
    );
  } else if (field.kind === 'number') {
    control_ = (
      <input
        id={id}
        ref={ref}
        type="number"
        inputMode="numeric"
        name={field.name}
        className="native-control"
        value={typeof value === 'number' ? String(value) : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        onBlur={onBlur}
        {...aria}
      />
    );
  } else if (field.kind === 'date' || field.kind === 'time' || field.kind === 'datetime') {
    control_ = (
      <input
        id={id}
        ref={ref}
        type={field.kind === 'datetime' ? 'datetime-local' : field.kind}
        name={field.name}
        className="native-control"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) =>
          onChange(event.target.value === '' && field.nullable ? null : event.target.value)
        }
        onBlur={onBlur}
        {...aria}
      />
    );
  } else {
    control_ = (
      <Input
        id={id}
        ref={ref}
        name={field.name}
        type={field.kind === 'email' ? 'email' : undefined}
        mode={field.kind === 'password' ? 'password' : undefined}
        autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : undefined)}
        maxLength={field.maxLength}
        value={typeof value === 'string' ? value : ''}
        onChange={(next: string) => onChange(next)}
        onBlur={onBlur}
        validateStatus={error ? 'error' : 'default'}
        {...aria}
      />
    );
  }
  return (
    <FormField id={id} label={field.label} required={field.required} error={error} help={field.help}>
      {control_}
    </FormField>
  );
}
