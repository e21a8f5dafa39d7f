// 資材の一括登録 (issue 31): one row of the file is one unit, added 在庫, in this column layout (the
// 資材 master's field labels). The preview and the check/confirm bodies are the people import's
// (admin-import.ts, admin.ts `ZAdminImportCheck`); each row is checked with the 資材 create contract.
import type { TImportPreview } from './admin-import.ts';

/** The header row, in this order; the keys are the 資材 create body's fields. */
export const ASSET_IMPORT_COLUMNS = [
  { key: 'asset_id', label: '管理番号' },
  { key: 'asset_type', label: '資材種別' },
  { key: 'serial_number', label: 'シリアル番号' },
  { key: 'purchased_on', label: '購入日' },
] as const;
export type TAssetImportColumn = (typeof ASSET_IMPORT_COLUMNS)[number]['label'];

/** The most units one file may carry. */
export const ASSET_IMPORT_MAX_ROWS = 2000;

export type TAssetImportPreview = TImportPreview<TAssetImportColumn>;

export interface TAssetImportResult {
  created: number;
}
