// What a checked file would issue (issue 29): its rows and the employees matched, the sums against
// the previous issue of the kind, who has a contract but no row, the slips it corrects, every error,
// and the rows themselves. Nothing of it is written yet.
import type { ReactNode, Ref } from 'react';
import type { TUploadPreview, TUploadSum } from '@portal/shared/contracts/uploads';
import { Alert } from '@/components/alert.tsx';
import { PreviewErrorList, PreviewTable, type PreviewRow } from '@/components/file-preview.tsx';
import { ScrollRegion } from '@/components/scroll-region.tsx';

export const PREVIEW_TEXT = {
  fixFirst: 'エラーを直したファイルで、もう一度確認してください。エラーが残っている間は発行できません。',
  ready: (n: number) => `${n} 件にエラーはありません。「発行する」で明細を発行します。`,
  missing: (n: number) => `対象期間に契約のある社員のうち ${n} 名の行がありません。`,
} as const;

const yen = (amount: number) => `${amount.toLocaleString('ja-JP')} 円`;
const signed = (amount: number) =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : '±'}${Math.abs(amount).toLocaleString('ja-JP')} 円`;

function change(sum: TUploadSum): string {
  if (sum.previous === null) return '前回なし';
  return signed(sum.amount - sum.previous);
}

/** The file's cells by header, for the shared preview table. */
const asRows = (preview: TUploadPreview): PreviewRow[] =>
  preview.rows.map((r) => ({
    row: r.row,
    cells: Object.fromEntries(preview.columns.map((column, index) => [column, r.cells[index] ?? ''])),
  }));

export function UploadPreview({
  preview,
  headingRef,
  action,
}: {
  preview: TUploadPreview;
  headingRef: Ref<HTMLHeadingElement>;
  /** 発行する, after the verdict and before the rows. */
  action: ReactNode;
}) {
  const hasErrors = preview.errors.length > 0;
  const corrected = new Set(preview.corrections.map((c) => c.row));
  return (
    <section aria-labelledby="upload-preview-heading" className="upload-preview" data-testid="upload-preview">
      <h3 id="upload-preview-heading" className="upload-preview__heading" ref={headingRef} tabIndex={-1}>
        {preview.file_name}：{preview.row_count} 行、エラー {preview.errors.length} 件
      </h3>
      <dl className="upload-preview__facts">
        <div>
          <dt>行数</dt>
          <dd data-testid="upload-rows">{preview.row_count} 行</dd>
        </div>
        <div>
          <dt>照合できた社員</dt>
          <dd data-testid="upload-matched">
            {preview.matched} / {preview.row_count} 名
          </dd>
        </div>
      </dl>
      <ScrollRegion label="合計" className="upload-preview__scroll">
        <table className="upload-table">
          <caption className="upload-table__caption">合計と前回との差</caption>
          <thead>
            <tr>
              <th scope="col">項目</th>
              <th scope="col" className="upload-table__number">
                今回
              </th>
              <th scope="col" className="upload-table__number">
                前回
              </th>
              <th scope="col" className="upload-table__number">
                増減
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.sums.map((sum) => (
              <tr key={sum.label} data-testid="upload-sum">
                <th scope="row">{sum.label}</th>
                <td className="upload-table__number">{yen(sum.amount)}</td>
                <td className="upload-table__number">{sum.previous === null ? '—' : yen(sum.previous)}</td>
                <td className="upload-table__number">{change(sum)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {preview.missing.length > 0 ? (
        <div data-testid="upload-missing">
          <Alert type="warning">
            {PREVIEW_TEXT.missing(preview.missing.length)}
            <span className="upload-preview__names">
              {preview.missing.map((e) => `${e.code} ${e.name}`).join('、')}
            </span>
          </Alert>
        </div>
      ) : null}
      {preview.corrections.length > 0 ? (
        <ScrollRegion label="訂正" className="upload-preview__scroll">
          <table className="upload-table" data-testid="upload-corrections">
            <caption className="upload-table__caption">
              訂正（公開済みの明細を置き換えます：{preview.corrections.length} 件）
            </caption>
            <thead>
              <tr>
                <th scope="col">行</th>
                <th scope="col">社員</th>
                <th scope="col" className="upload-table__number">
                  訂正前の{preview.correction_label}
                </th>
                <th scope="col" className="upload-table__number">
                  訂正後の{preview.correction_label}
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.corrections.map((c) => (
                <tr key={c.row}>
                  <td>{c.row}</td>
                  <th scope="row">
                    {c.employee.code} {c.employee.name}
                  </th>
                  <td className="upload-table__number">{yen(c.before)}</td>
                  <td className="upload-table__number">{yen(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {hasErrors ? (
        <>
          <Alert type="warning">{PREVIEW_TEXT.fixFirst}</Alert>
          <PreviewErrorList errors={preview.errors} />
        </>
      ) : (
        <Alert type="info">{PREVIEW_TEXT.ready(preview.row_count)}</Alert>
      )}
      {action}
      <PreviewTable
        columns={preview.columns}
        rows={asRows(preview)}
        errors={preview.errors}
        label="ファイルの内容"
        caption="ファイルの内容（エラーのあるセルは赤枠）"
        searchColumns={['社員番号', '氏名']}
        searchLabel="社員番号・氏名で検索"
        errorTestIdPrefix="upload-error"
        rowNote={(row) => (corrected.has(row.row) ? <span className="upload-preview__tag">訂正</span> : null)}
      />
    </section>
  );
}
