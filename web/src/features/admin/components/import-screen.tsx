// The console's bulk import screen (社員 and 資材, issues 14 and 31): upload a CSV (UTF-8 or Shift_JIS)
// or xlsx → the API checks it and answers a preview (every row, every error at its line and column,
// nothing written) → 取り込む writes all rows at once, offered only while no error remains. Each
// import passes its texts and its two calls; the steps and their focus are the same for all.
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TImportPreview } from '@portal/shared/contracts/admin-import';
import type { Permission } from '@portal/shared/permissions';
import { invalidateAdmin } from '@/api/query-keys.ts';
import { Alert } from '@/components/alert.tsx';
import { PreviewErrorList, PreviewTable } from '@/components/file-preview.tsx';
import { useFocusAfterRender } from '@/components/focus.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { readBase64 } from '@/lib/upload-string.ts';
import { ConsolePage } from './console-page.tsx';
import { Refused } from './resource-screens.tsx';
import type { ConsoleUser } from '../resource.ts';

export const IMPORT_SCREEN_TEXT = {
  chooseFile: 'ファイルを選択してください。',
  check: '内容を確認',
  confirm: '取り込む',
  fixFirst: 'エラーを直したファイルで、もう一度確認してください。エラーが残っている間は取り込めません。',
} as const;

export interface ImportUpload {
  file_name: string;
  content: string;
}

export interface ImportScreenProps<R> {
  user: ConsoleUser;
  permission: Permission;
  title: string;
  /** The list the import adds to: the trail, the back link and the link after a confirm. */
  list: { to: string; label: string };
  /** The file's layout and limits, above the form. */
  layout: string;
  /** What a clean preview of n rows will do when confirmed. */
  ready: (rows: number) => string;
  done: (result: R) => string;
  check: (body: ImportUpload) => Promise<TImportPreview<string>>;
  confirm: (body: ImportUpload & { token: string }) => Promise<R>;
  searchColumns: readonly string[];
  searchLabel: string;
}

export function ImportScreen<R>(props: ImportScreenProps<R>) {
  const fileId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [preview, setPreview] = useState<TImportPreview<string> | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  // Each step ends on what it answered (issue 37): the button pressed is disabled or gone by then.
  const focusAfterRender = useFocusAfterRender();
  const problemRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const fail = (error: unknown) => {
    setProblem(errorMessages(error));
    focusAfterRender(() => problemRef.current);
  };

  const check = useMutation({
    mutationFn: async (chosen: File) => {
      const body = { file_name: chosen.name, content: await readBase64(chosen) };
      return { body, preview: await props.check(body) };
    },
    onSuccess: ({ body, preview: answer }) => {
      setUpload(body);
      setPreview(answer);
      focusAfterRender(() => previewRef.current);
    },
    onError: fail,
  });
  const confirm = useMutation({
    mutationFn: () => props.confirm({ ...upload!, token: preview!.token }),
    onSuccess: (answer) => {
      setResult(answer);
      setPreview(null);
      setUpload(null);
      focusAfterRender(() => resultRef.current);
      void invalidateAdmin(queryClient);
    },
    onError: fail,
  });

  if (!props.user.can(props.permission)) return <Refused title={props.title} />;

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    setResult(null);
    setPreview(null);
    if (!file) {
      setProblem([IMPORT_SCREEN_TEXT.chooseFile]);
      focusAfterRender(() => problemRef.current);
      return;
    }
    check.mutate(file);
  };

  const hasErrors = (preview?.errors.length ?? 0) > 0;

  return (
    <ConsolePage headingId="admin-import-heading" title={props.title} trail={[props.list]}>
      <Link className="admin-back" to={props.list.to}>
        {props.list.label}の一覧へ戻る
      </Link>
      <p className="admin-description">{props.layout}</p>
      <form className="admin-import__form" onSubmit={onCheck}>
        <label htmlFor={fileId} className="admin-import__label">
          ファイル
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="admin-import__file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button htmlType="submit" size="large" loading={check.isPending}>
          {IMPORT_SCREEN_TEXT.check}
        </Button>
      </form>
      {problem.length > 0 ? (
        <div ref={problemRef} tabIndex={-1}>
          <Alert>
            {problem.map((m) => (
              <span key={m} className="admin-import__line">
                {m}
              </span>
            ))}
          </Alert>
        </div>
      ) : null}
      {result ? (
        <div ref={resultRef} tabIndex={-1} data-testid="import-result">
          <Alert type="info">
            {props.done(result)} <Link to={props.list.to}>{props.list.label}の一覧を開く</Link>
          </Alert>
        </div>
      ) : null}
      {preview ? (
        <section aria-labelledby="admin-import-preview-heading" className="admin-import__preview">
          <h2
            id="admin-import-preview-heading"
            className="admin-import__heading"
            ref={previewRef}
            tabIndex={-1}
          >
            {preview.file_name}：{preview.rows.length} 行、エラー {preview.errors.length} 件
          </h2>
          {hasErrors ? (
            <>
              <Alert type="warning">{IMPORT_SCREEN_TEXT.fixFirst}</Alert>
              <PreviewErrorList errors={preview.errors} />
            </>
          ) : (
            <Alert type="info">{props.ready(preview.rows.length)}</Alert>
          )}
          <div className="admin-import__buttons">
            <Button
              theme="solid"
              size="large"
              disabled={hasErrors || confirm.isPending}
              loading={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {IMPORT_SCREEN_TEXT.confirm}
            </Button>
          </div>
          <PreviewTable
            columns={preview.columns}
            rows={preview.rows}
            errors={preview.errors}
            label="取込内容"
            caption="取込内容（エラーのあるセルは赤枠）"
            searchColumns={props.searchColumns}
            searchLabel={props.searchLabel}
            errorTestIdPrefix="import-error"
          />
        </section>
      ) : null}
    </ConsolePage>
  );
}
