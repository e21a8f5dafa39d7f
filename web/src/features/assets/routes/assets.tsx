import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TLending } from '@portal/shared/contracts/assets';
import { hasPerm, PERM } from '@portal/shared/permissions';
import { LENDING_STATUSES } from '@portal/shared/workflow/assets';
import { labelOf } from '@portal/shared/codes';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { Page } from '@/components/page.tsx';
import { readPage, withPage } from '@/lib/page-param.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { useAssetTypes } from '../api/get-asset-types.ts';
import { useLendings } from '../api/get-lendings.ts';
import '../components/assets.css';

export const EMPTY_LENDINGS = '貸出中の資材はありません。';

const statusText = (lending: TLending) => labelOf(LENDING_STATUSES, lending.status);
const dueText = (lending: TLending) => lending.due_on ?? '期限なし';

function columns(everyone: boolean): DataColumn<TLending>[] {
  return [
    { title: '管理番号', cell: (l) => l.asset_id, primary: true, width: 120 },
    { title: '資材種別', cell: (l) => l.asset_type.name },
    { title: 'ソフトウェア', cell: (l) => l.software.join('、') || '―' },
    ...(everyone ? [{ title: '社員', cell: (l: TLending) => l.user.name }] : []),
    { title: '貸出日', cell: (l) => l.lent_on, width: 120 },
    { title: '返却期限', cell: dueText, width: 120 },
    { title: '状態', cell: statusText, width: 100 },
  ];
}

/**
 * /assets (ours, issue 31): the holder's 貸出中の資材; every lending for holders of assets.view_asset,
 * filtered by 状態 and 種別 (returned ones under 返却済).
 */
export default function AssetsRoute() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const status = params.get('status') ?? '';
  const assetType = params.get('asset_type') ?? '';
  const everyone = useSessionStore((state) =>
    state.user
      ? hasPerm({ is_superuser: state.user.me.is_superuser, perms: state.user.perms }, PERM.viewAsset)
      : false,
  );
  const types = useAssetTypes();
  const lendings = useLendings({ page, status, asset_type: assetType });
  const setFilter = (name: string, value: string) => {
    const next = withPage(params, 1);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  return (
    <Page headingId="assets-heading">
      <div className="asset-filters">
        <label htmlFor={`${id}-status`}>状態</label>
        <select
          id={`${id}-status`}
          className="native-control"
          value={status}
          onChange={(event) => setFilter('status', event.target.value)}
        >
          <option value="">返却されていないもの</option>
          {LENDING_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {everyone ? (
          <>
            <label htmlFor={`${id}-type`}>資材種別</label>
            <select
              id={`${id}-type`}
              className="native-control"
              value={assetType}
              onChange={(event) => setFilter('asset_type', event.target.value)}
            >
              <option value="">すべて</option>
              {(types.data ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
      </div>
      <DataList
        query={lendings}
        label={everyone ? '資材の貸出一覧' : '貸出中の資材'}
        empty={EMPTY_LENDINGS}
        columns={columns(everyone)}
        card={(l) => ({
          title: `${l.asset_type.name}（${l.asset_id}）`,
          badge: <span className="asset-status">{statusText(l)}</span>,
          meta: [
            everyone ? l.user.name : '',
            `貸出日 ${l.lent_on}`,
            `返却期限 ${dueText(l)}`,
            l.software.join('、'),
          ],
        })}
        rowKey={(l) => l.id}
        testId="lending-row"
      />
    </Page>
  );
}
