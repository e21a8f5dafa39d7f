// The administration console's codes and labels (issue 14), without any zod: the web's console
// imports these and the contracts' types only, so its checks add nothing to the zod chunk that the
// sign-in page loads (docs/decisions.md). The bodies' schemas are in admin.ts.
import type { OrgLevel } from '../codes.ts';

/** The order of the levels: a child sits strictly below its parent (本部 > 事業部 > 部 > 課). */
export const ORG_LEVEL_RANK: Record<OrgLevel, number> = { '16': 4, '14': 3, '12': 2, '10': 1 };

export const PEOPLE_SORTS = ['code', '-code', 'name', '-name', 'kana', '-kana'] as const;
export type TPeopleSort = (typeof PEOPLE_SORTS)[number];

export const AUDIT_RESOURCES = [
  { value: 'organizations', label: '組織' },
  { value: 'people', label: '社員' },
  { value: 'groups', label: 'グループ' },
  { value: 'users', label: 'アカウント権限' },
  { value: 'company', label: '会社情報' },
  { value: 'stations', label: '駅マスタ' },
  { value: 'notices', label: 'お知らせ' },
  { value: 'manual', label: 'マニュアル' },
  { value: 'asset_types', label: '資材種別' },
  { value: 'assets', label: '資材' },
  { value: 'software', label: 'ソフトウェア' },
] as const;
export type TAuditResource = (typeof AUDIT_RESOURCES)[number]['value'];

export const AUDIT_ACTIONS: Record<string, string> = {
  create: '作成',
  update: '変更',
  move: '移動',
  close: '廃止',
  set_head: '長の変更',
  deactivate: '無効化',
  reactivate: '再有効化',
  reset_password: 'パスワード再設定',
  add_contract: '契約の追加',
  add_position: '所属の追加',
  change_contract: '契約の変更',
  remove_position: '所属の削除',
  unbind_lark: 'Lark 連携の解除',
  delete: '削除',
  set_access: '権限の変更',
  import: '一括取込',
  set_residence: '在留資格の変更',
  set_logo: 'ロゴの変更',
  remove_logo: 'ロゴの削除',
  set_hold: '法的保全の設定',
  release_hold: '法的保全の解除',
  remind: '再通知',
  return_asset: '返却',
  receive_purchase: '購入品の受領',
};
