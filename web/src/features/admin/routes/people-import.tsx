// 社員の一括取込 (issue 14): upload a CSV (UTF-8 or Shift_JIS) or xlsx → the API checks it and answers a
// preview (every row, every error at its line and column, nothing written) → 取り込む writes all rows
// at once, offered only while no error remains. The layout is the export's (社員 → CSV 出力).
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type TImportPreview,
  type TImportResult,
} from '@portal/shared/contracts/admin-import';
import { PERM } from '@portal/shared/permissions';
import { invalidateAdmin } from '@/api/query-keys.ts';
import { Alert } from '@/components/alert.tsx';
import { PreviewErrorList, PreviewTable } from '@/components/file-preview.tsx';
import { useFocusAfterRender } from '@/components/focus.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { readBase64 } from '@/lib/upload-string.ts';
import { adminApi } from '../api/admin-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { Refused } from '../components/resource-screens.tsx';
import type { ConsoleUser } from '../resource.ts';

export const IMPORT_TEXT = {
  title: '社員の一括取込',
  chooseFile: 'ファイルを選択してください。',
  layout: [
    `1 行目を見出し（${IMPORT_COLUMNS.map((c) => c.label).join('、')}）にした CSV（UTF-8 または Shift_JIS）か Excel（.xlsx）を選んでください。`,
    '1 行が 1 人で、アカウント・契約・所属をまとめて登録します。',
    '所属組織は組織名か組織の ID、組織の長と兼務は「○」か空欄、入社日が空欄なら契約開始日です。',
    'アカウントはパスワードなしで作られるため、取込後に仮パスワードを設定してください。',
    `最大 ${IMPORT_MAX_ROWS} 行、2 MB まで。社員の一覧の「CSV 出力」が同じ形式です。`,
  ].join(''),
  check: '内容を確認',
  confirm: '取り込む',
  fixFirst: 'エラーを直したファイルで、もう一度確認してください。エラーが残っている間は取り込めません。',
  ready: (n: number) => `${n} 行にエラーはありません。「取り込む」で全員をまとめて登録します。`,
  done: (r: TImportResult) =>
    `${r.created} 名を登録しました（所属 ${r.positions} 件、契約 ${r.contracts} 件）。`,
} as const;

interface Upload {
  file_name: string;
  content: string;
}

export function PeopleImport({ user }: { user: ConsoleUser }) {
  const fileId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);
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
      return { body, preview: await adminApi.importCheck(body) };
    },
    onSuccess: ({ body, preview: answer }) => {
      setUpload(body);
      setPreview(answer);
      focusAfterRender(() => previewRef.current);
    },
    onError: fail,
  });
  const confirm = useMutation({
    mutationFn: () => adminApi.importConfirm({ ...upload!, token: preview!.token }),
    onSuccess: (answer) => {
      setResult(answer);
      setPreview(null);
      setUpload(null);
      focusAfterRender(() => resultRef.current);
      void invalidateAdmin(queryClient);
    },
    onError: fail,
  });

  if (!user.can(PERM.addEmployee)) return <Refused title={IMPORT_TEXT.title} />;

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    setResult(null);
    setPreview(null);
    if (!file) {
      setProblem([IMPORT_TEXT.chooseFile]);
      focusAfterRender(() => problemRef.current);
      return;
    }
    check.mutate(file);
  };

  const hasErrors = (preview?.errors.length ?? 0) > 0;

  return (
    <ConsolePage
      headingId="admin-import-heading"
      title={IMPORT_TEXT.title}
      trail={[{ label: '社員', to: '/admin/people' }]}
    >
      <Link className="admin-back" to="/admin/people">
        社員の一覧へ戻る
      </Link>
      <p className="admin-description">{IMPORT_TEXT.layout}</p>
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
          {IMPORT_TEXT.check}
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
            {IMPORT_TEXT.done(result)} <Link to="/admin/people">社員の一覧を開く</Link>
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
              <Alert type="warning">{IMPORT_TEXT.fixFirst}</Alert>
              <PreviewErrorList errors={preview.errors} />
            </>
          ) : (
            <Alert type="info">{IMPORT_TEXT.ready(preview.rows.length)}</Alert>
          )}
          <div className="admin-import__buttons">
            <Button
              theme="solid"
              size="large"
              disabled={hasErrors || confirm.isPending}
              loading={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {IMPORT_TEXT.confirm}
            </Button>
          </div>
          <PreviewTable
            columns={preview.columns}
            rows={preview.rows}
            errors={preview.errors}
            label="取込内容"
            caption="取込内容（エラーのあるセルは赤枠）"
            searchColumns={['社員番号', '姓', '名']}
            searchLabel="社員番号・氏名で検索"
            errorTestIdPrefix="import-error"
          />
        </section>
      ) : null}
    </ConsolePage>
  );
}
