import Button from '@douyinfe/semi-ui/lib/es/button';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TUploadPreview, TUploadResult } from '@portal/shared/contracts/uploads';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { Alert } from '@/components/alert.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { useFocusAfterRender } from '@/components/focus.ts';
import { Page } from '@/components/page.tsx';
import { PATHS } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-error.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { saveFile } from '@/lib/save-file.ts';
import { readBase64 } from '@/lib/upload-string.ts';
import { checkUpload } from '../api/check-upload.ts';
import { downloadUploadTemplate } from '../api/download-upload-template.ts';
import { useIssueUpload } from '../api/issue-upload.ts';
import { UploadFormFields } from '../components/upload-form.tsx';
import { UploadPreview } from '../components/upload-preview.tsx';
import {
  fileProblem,
  initialForm,
  readSettings,
  type UploadField,
  type UploadForm,
  type UploadSettings,
} from '../lib/upload-settings.ts';
import '../components/expense.css';

export const ISSUE_BUTTON = '発行する';
export const CHECKING_LABEL = 'ファイルを確認しています';

/** The API's field names, as the form shows them. */
const FIELDS: Record<string, UploadField> = {
  kind: 'kind',
  year: 'year',
  month: 'month',
  paid_on: 'paid_on',
  publish_at: 'publish_at',
  file_name: 'file',
  content: 'file',
};

interface Checked {
  body: UploadSettings & { file_name: string; content: string };
  preview: TUploadPreview;
}

/**
 * /expense/upload/ (給与・源泉票発行, expense.add_uploadhistory): the settings and a file → 内容を確認
 * answers the preview (nothing written) → 発行する, offered only with no error, confirmed, issues
 * every slip at once with the preview's token.
 */
export default function UploadRoute() {
  const now = dayjs();
  const [form, setForm] = useState<UploadForm>(() => initialForm(now));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<UploadField, string>>>({});
  const [problem, setProblem] = useState<string[]>([]);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [result, setResult] = useState<TUploadResult | null>(null);
  const [asking, setAsking] = useState(false);
  const focusAfterRender = useFocusAfterRender();
  const problemRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const refuse = (error: unknown) => {
    const placed: Partial<Record<UploadField, string>> = {};
    const rest: string[] = [];
    if (error instanceof ApiError && error.status === 400) {
      if (error.detail) rest.push(error.detail);
      rest.push(...error.nonFieldErrors);
      for (const [key, messages] of Object.entries(error.fieldErrors)) {
        const field = FIELDS[key];
        if (field && messages[0]) placed[field] ??= messages[0];
        else rest.push(...messages);
      }
    } else rest.push(...errorMessages(error));
    setErrors(placed);
    // A refusal of the file's content (a header not of the layout) is also said above the form.
    setProblem(rest.length > 0 ? rest : Object.values(placed));
    focusAfterRender(() => problemRef.current);
  };

  const check = useMutation({
    mutationFn: async ({ settings, chosen }: { settings: UploadSettings; chosen: File }) => {
      const body = { ...settings, file_name: chosen.name, content: await readBase64(chosen) };
      return { body, preview: await checkUpload(body) };
    },
    onSuccess: (answer) => {
      setChecked(answer);
      focusAfterRender(() => previewRef.current);
    },
    onError: refuse,
  });
  const issue = useIssueUpload();
  const template = useMutation({
    mutationFn: () => downloadUploadTemplate(form.kind),
    onSuccess: (downloaded) => saveFile(downloaded.blob, downloaded.filename ?? 'template.csv'),
    onError: toastError,
  });

  const reset = () => {
    setChecked(null);
    setResult(null);
    setProblem([]);
  };
  const onChange = (next: Partial<UploadForm>) => {
    setForm((was) => ({ ...was, ...next }));
    reset();
  };
  const onFile = (chosen: File | null) => {
    setFile(chosen);
    setErrors((was) => ({ ...was, file: undefined }));
    reset();
  };

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    reset();
    const read = readSettings(form, dayjs());
    const fileError = fileProblem(file);
    const found = { ...(read.errors ?? {}), ...(fileError ? { file: fileError } : {}) };
    setErrors(found);
    if (!read.settings || fileError || !file) {
      setProblem(Object.values(found));
      focusAfterRender(() => problemRef.current);
      return;
    }
    check.mutate({ settings: read.settings, chosen: file });
  };

  const onIssue = async () => {
    if (!checked) return;
    try {
      const answer = await issue.mutateAsync({ ...checked.body, token: checked.preview.token });
      setAsking(false);
      setChecked(null);
      setResult(answer);
      toastSuccess(SUCCESS.uploaded);
      focusAfterRender(() => resultRef.current);
    } catch (error) {
      setAsking(false);
      refuse(error);
    }
  };

  const hasErrors = (checked?.preview.errors.length ?? 0) > 0;

  return (
    <Page headingId="upload-heading" className="upload-page">
      <p className="expense-note">
        給与明細・賞与明細・源泉徴収票を CSV か Excel
        のファイルで発行します。「内容を確認」ではまだ何も登録されません。 1
        行目は見出し（社員番号、氏名、項目…）で、テンプレートと同じ形式にしてください。
      </p>
      <UploadFormFields
        form={form}
        errors={errors}
        thisYear={now.year()}
        checking={check.isPending}
        downloading={template.isPending}
        onChange={onChange}
        onFile={onFile}
        onTemplate={() => template.mutate()}
        onSubmit={onCheck}
      />
      {check.isPending ? (
        <div className="upload-progress" role="progressbar" aria-label={CHECKING_LABEL} aria-busy="true">
          <span className="upload-progress__bar" />
          <span className="upload-progress__label">{CHECKING_LABEL}…</span>
        </div>
      ) : null}
      {problem.length > 0 ? (
        <div ref={problemRef} tabIndex={-1} data-testid="upload-problem">
          <Alert>
            {problem.map((message) => (
              <span key={message} className="upload-preview__line">
                {message}
              </span>
            ))}
          </Alert>
        </div>
      ) : null}
      {result ? (
        <div ref={resultRef} tabIndex={-1} data-testid="upload-result">
          <Alert type="info">
            {SUCCESS.uploaded}（{result.slips} 件
            {result.corrections > 0 ? `、うち訂正 ${result.corrections} 件` : ''}、公開{' '}
            {dayjs(result.publish_at).format('YYYY-MM-DD HH:mm')}）{' '}
            <Link to={`${PATHS.expenseUpload}${result.id}`}>アップロード詳細を開く</Link>
          </Alert>
        </div>
      ) : null}
      {checked ? (
        <UploadPreview
          preview={checked.preview}
          headingRef={previewRef}
          action={
            <div className="upload-form__buttons">
              <Button
                theme="solid"
                size="large"
                disabled={hasErrors || issue.isPending}
                onClick={() => setAsking(true)}
                data-testid="upload-issue"
              >
                {ISSUE_BUTTON}
              </Button>
            </div>
          }
        />
      ) : null}
      <ConfirmDialog
        visible={asking}
        title={ISSUE_BUTTON}
        message={CONFIRM.upload}
        okText={ISSUE_BUTTON}
        onCancel={() => setAsking(false)}
        onConfirm={onIssue}
      />
    </Page>
  );
}
