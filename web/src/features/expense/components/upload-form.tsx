// The settings of an upload and its file (spec §2.3 給与・源泉票発行): native controls, which a phone
// and the keyboard handle without help, each in the FormField frame with its error under it.
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useId, type FormEvent } from 'react';
import {
  UPLOAD_EXTENSIONS,
  UPLOAD_KIND_NAMES,
  UPLOAD_KINDS,
  UPLOAD_MAX_ROWS,
  UPLOAD_PUBLISH_MAX_DAYS,
  type TUploadKind,
} from '@portal/shared/contracts/uploads';
import { FormField, fieldAria } from '@/components/form/form-field.tsx';
import type { UploadField, UploadForm } from '../lib/upload-settings.ts';
import { NativeField, PublishAtFields } from './native-field.tsx';

export const UPLOAD_TEXT = {
  check: '内容を確認',
  template: 'テンプレートをダウンロード',
  fileHelp: `CSV（UTF-8 または Shift_JIS）か Excel（${UPLOAD_EXTENSIONS.join('、')}）、2 MB・${UPLOAD_MAX_ROWS.toLocaleString('ja-JP')} 行まで。`,
  publishHelp: `今すぐ、または ${UPLOAD_PUBLISH_MAX_DAYS} 日以内の日時。公開の時点で社員に通知します。`,
} as const;

const YEARS_BACK = 5;

interface UploadFormProps {
  form: UploadForm;
  errors: Partial<Record<UploadField, string>>;
  thisYear: number;
  checking: boolean;
  downloading: boolean;
  onChange: (next: Partial<UploadForm>) => void;
  onFile: (file: File | null) => void;
  onTemplate: () => void;
  onSubmit: (event: FormEvent) => void;
}

export function UploadFormFields({
  form,
  errors,
  thisYear,
  checking,
  downloading,
  onChange,
  onFile,
  onTemplate,
  onSubmit,
}: UploadFormProps) {
  const id = useId();
  const ids = {
    month: `${id}-month`,
    year: `${id}-year`,
    paidOn: `${id}-paid-on`,
    publish: `${id}-publish`,
    file: `${id}-file`,
  };
  const withholding = form.kind === 'withholding';
  const years = Array.from({ length: YEARS_BACK }, (_, i) => thisYear - i);

  return (
    <form className="upload-form" onSubmit={onSubmit} noValidate aria-label="アップロードの設定">
      <fieldset className="upload-form__choices">
        <legend className="form-field__label">種類</legend>
        {UPLOAD_KINDS.map((kind: TUploadKind) => (
          <label key={kind} className="upload-form__choice">
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={form.kind === kind}
              onChange={() => onChange({ kind })}
            />
            {UPLOAD_KIND_NAMES[kind]}
          </label>
        ))}
      </fieldset>
      <div className="upload-form__row">
        {withholding ? (
          <FormField id={ids.year} label="対象年" required error={errors.year}>
            <select
              id={ids.year}
              className="native-control"
              value={String(form.year)}
              onChange={(event) => onChange({ year: Number(event.target.value) })}
              {...fieldAria(ids.year, { error: errors.year, required: true })}
            >
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}年
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          <NativeField
            id={ids.month}
            label="対象年月"
            type="month"
            value={form.month}
            onChange={(month) => onChange({ month })}
            error={errors.month}
          />
        )}
        <NativeField
          id={ids.paidOn}
          label="支給日"
          type="date"
          value={form.paidOn}
          onChange={(paidOn) => onChange({ paidOn })}
          error={errors.paid_on}
        />
      </div>
      <fieldset
        className="upload-form__choices"
        aria-describedby={`${ids.publish}-help${errors.publish_at ? ` ${ids.publish}-date-error` : ''}`}
      >
        <legend className="form-field__label">公開</legend>
        <label className="upload-form__choice">
          <input
            type="radio"
            name="publish"
            value="now"
            checked={form.publish === 'now'}
            onChange={() => onChange({ publish: 'now' })}
          />
          今すぐ
        </label>
        <label className="upload-form__choice">
          <input
            type="radio"
            name="publish"
            value="later"
            checked={form.publish === 'later'}
            onChange={() => onChange({ publish: 'later' })}
          />
          日時を指定
        </label>
        {form.publish === 'later' ? (
          <PublishAtFields
            id={ids.publish}
            date={form.publishDate}
            time={form.publishTime}
            error={errors.publish_at}
            onDate={(publishDate) => onChange({ publishDate })}
            onTime={(publishTime) => onChange({ publishTime })}
          />
        ) : null}
        <p className="form-field__help" id={`${ids.publish}-help`}>
          {UPLOAD_TEXT.publishHelp}
        </p>
      </fieldset>
      <FormField id={ids.file} label="ファイル" required error={errors.file} help={UPLOAD_TEXT.fileHelp}>
        <input
          id={ids.file}
          type="file"
          accept={UPLOAD_EXTENSIONS.join(',')}
          className="upload-form__file"
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          {...fieldAria(ids.file, { error: errors.file, help: true, required: true })}
        />
      </FormField>
      <div className="upload-form__buttons">
        <Button htmlType="submit" theme="solid" size="large" loading={checking}>
          {UPLOAD_TEXT.check}
        </Button>
        <Button size="large" loading={downloading} onClick={onTemplate}>
          {UPLOAD_TEXT.template}
        </Button>
      </div>
    </form>
  );
}
