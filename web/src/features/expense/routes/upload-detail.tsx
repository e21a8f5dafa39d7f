import Button from '@douyinfe/semi-ui/lib/es/button';
import { useId } from 'react';
import { Link, useLocation, useNavigation, useParams, useSearchParams } from 'react-router-dom';
import type { TUploadSlipRow } from '@portal/shared/contracts/uploads';
import { hasPerm, PERM } from '@portal/shared/permissions';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { PATHS } from '@/config/paths.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { toastError } from '@/lib/notify.ts';
import { readPage } from '@/lib/page-param.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { downloadPaperPdf } from '../api/download-paper-pdf.ts';
import { useUploadDetail } from '../api/get-upload-detail.ts';
import { UploadActions } from '../components/upload-actions.tsx';
import { UploadState, openedOf } from '../components/upload-state.tsx';
import '../components/expense.css';

export const EMPTY_SLIPS = '該当する社員はいません。';
export const UNOPENED_FILTER = '未開封の社員だけ表示';
export const PAPER_PDF = '書面交付用の PDF（印刷用）';

const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const yen = (amount: number) => `${amount.toLocaleString('ja-JP')} 円`;
const opened = (slip: TUploadSlipRow) => (slip.opened_at ? `開封済み（${at(slip.opened_at)}）` : '未開封');
const correction = (slip: TUploadSlipRow) =>
  [slip.correction ? '訂正' : null, slip.superseded ? '訂正済み' : null].filter(Boolean).join('・') || '—';

/**
 * /expense/upload/{id} (アップロード詳細): the upload, who of its employees has opened their slip
 * (their own first view or download), what HR may still do with it, and the paper due.
 */
export default function UploadDetailRoute() {
  const filterId = useId();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const unopenedOnly = params.get('unopened') === '1';
  // The box shows where the URL is going while the router still runs the page's loaders for it:
  // bound to the committed URL alone it snapped back until then (a loaded machine saw the click
  // "not change its state"), and a slow phone shows no answer to the tap.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const going =
    navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search) : null;
  const unopenedBox = (going ?? params).get('unopened') === '1';
  const detail = useUploadDetail(id, {
    page: readPage(params),
    ...(unopenedOnly ? { unopened: 'true' } : {}),
  });
  const canIssue = useSessionStore((state) =>
    state.user
      ? hasPerm({ is_superuser: state.user.me.is_superuser, perms: state.user.perms }, PERM.addUploadHistory)
      : false,
  );
  const amountLabel = detail.data?.upload.kind === 'withholding' ? '支払金額' : '差引支給額';
  const slipsQuery = {
    ...detail,
    data: detail.data && { ...detail.data.slips, next: null, previous: null },
  };

  const columns: DataColumn<TUploadSlipRow>[] = [
    { title: '社員番号', cell: (s) => s.employee.code, width: 110 },
    { title: '氏名', cell: (s) => s.employee.name },
    { title: amountLabel, cell: (s) => yen(s.amount), width: 140, align: 'right' },
    { title: '開封', cell: opened, width: 200 },
    { title: '訂正', cell: correction, width: 100 },
    { title: '交付', cell: (s) => (s.paper ? '書面' : '電子'), width: 80 },
  ];

  const paperPdf = async () => {
    try {
      const file = await downloadPaperPdf(id);
      saveFile(file.blob, file.filename ?? `書面交付_${id}.pdf`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page headingId="upload-detail-heading">
      <Link className="upload-back" to={PATHS.expenseUploads}>
        アップロード履歴へ戻る
      </Link>
      <QueryState query={detail}>
        {({ upload }) => (
          <>
            <dl className="upload-summary" data-testid="upload-summary">
              <div>
                <dt>種類</dt>
                <dd>{upload.kind_name}</dd>
              </div>
              <div>
                <dt>対象</dt>
                <dd>{upload.target}</dd>
              </div>
              <div>
                <dt>支給日</dt>
                <dd>{upload.paid_on}</dd>
              </div>
              <div>
                <dt>公開日時</dt>
                <dd>{at(upload.publish_at)}</dd>
              </div>
              <div>
                <dt>状態</dt>
                <dd>
                  <UploadState upload={upload} />
                </dd>
              </div>
              <div>
                <dt>件数・開封</dt>
                <dd data-testid="upload-opened">
                  {upload.count} 件・開封 {openedOf(upload)}
                </dd>
              </div>
              <div>
                <dt>ファイル</dt>
                <dd className="upload-summary__file">{upload.file_name}</dd>
              </div>
              <div>
                <dt>登録</dt>
                <dd>
                  {upload.created_by}・{at(upload.created_at)}
                </dd>
              </div>
            </dl>
            {canIssue ? <UploadActions upload={upload} /> : null}
            <div className="upload-paper" data-testid="upload-paper">
              {upload.paper > 0 ? (
                <>
                  <p>電子交付に同意していない社員 {upload.paper} 名には書面で交付してください。</p>
                  <Button onClick={() => void paperPdf()}>{PAPER_PDF}</Button>
                </>
              ) : (
                <p>書面で交付する社員はいません。</p>
              )}
            </div>
          </>
        )}
      </QueryState>
      <div className="upload-filters" role="search" aria-label="絞り込み">
        <label className="upload-form__choice" htmlFor={filterId}>
          <input
            id={filterId}
            type="checkbox"
            checked={unopenedBox}
            // flushSync: the navigation's pending state (above) is rendered before the click returns.
            onChange={(event) =>
              setParams(event.target.checked ? { unopened: '1' } : {}, { flushSync: true })
            }
          />
          {UNOPENED_FILTER}
        </label>
      </div>
      <DataList
        query={slipsQuery}
        label="社員ごとの開封状況"
        empty={EMPTY_SLIPS}
        columns={columns}
        card={(s) => ({
          title: `${s.employee.code} ${s.employee.name}`,
          badge: <span className="upload-state">{s.opened_at ? '開封済み' : '未開封'}</span>,
          meta: [
            `${amountLabel} ${yen(s.amount)}`,
            s.opened_at ? `開封 ${at(s.opened_at)}` : null,
            s.correction || s.superseded ? correction(s) : null,
            s.paper ? '書面交付' : null,
          ],
        })}
        rowKey={(s) => s.slip_id}
        testId="upload-slip-row"
      />
    </Page>
  );
}
