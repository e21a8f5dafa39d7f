// 資材の一括登録 (issue 31) on the console's import screen: one row a unit, added 在庫.
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_ROWS,
  type TAssetImportResult,
} from '@portal/shared/contracts/asset-import';
import { PERM } from '@portal/shared/permissions';
import { assetsApi } from '../api/assets-api.ts';
import { ImportScreen } from '../components/import-screen.tsx';
import type { ConsoleUser } from '../resource.ts';

export const ASSET_IMPORT_TEXT = {
  title: '資材の一括登録',
  layout: [
    `1 行目を見出し（${ASSET_IMPORT_COLUMNS.map((c) => c.label).join('、')}）にした CSV（UTF-8 または Shift_JIS）か Excel（.xlsx）を選んでください。`,
    '1 行が 1 台で、在庫として登録します。',
    '資材種別は有効な資材種別の名称、購入日は YYYY-MM-DD（空欄可）、シリアル番号は空欄でもかまいません。',
    `最大 ${ASSET_IMPORT_MAX_ROWS} 行、2 MB まで。`,
  ].join(''),
  ready: (n: number) => `${n} 行にエラーはありません。「取り込む」で全台をまとめて登録します。`,
  done: (r: TAssetImportResult) => `${r.created} 台を在庫に登録しました。`,
} as const;

export function AssetImport({ user }: { user: ConsoleUser }) {
  return (
    <ImportScreen
      user={user}
      permission={PERM.changeAsset}
      title={ASSET_IMPORT_TEXT.title}
      list={{ to: '/admin/assets', label: '資材' }}
      layout={ASSET_IMPORT_TEXT.layout}
      ready={ASSET_IMPORT_TEXT.ready}
      done={ASSET_IMPORT_TEXT.done}
      check={assetsApi.importCheck}
      confirm={assetsApi.importConfirm}
      searchColumns={['管理番号', 'シリアル番号']}
      searchLabel="管理番号・シリアル番号で検索"
    />
  );
}
