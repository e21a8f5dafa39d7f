// The assets module's endpoints (api/src/modules/assets/, issue 31): the types the lending form offers,
// the lendings (one's own; every one with assets.view_asset), and the console's 資材種別, 資材,
// ソフトウェア, 資材の一括登録, 返却 and 購入品の受領 (staff, with the asset permissions).
import type {
  TAdminAsset,
  TAdminAssetDetail,
  TAdminAssetRequest,
  TAdminAssetType,
  TAdminAssetTypeRequest,
  TAdminConfirmBody,
  TAdminPurchase,
  TAdminReceipt,
  TAdminReceiveRequest,
  TAdminSoftware,
  TAdminSoftwareRequest,
  TAssetTypeOption,
  TLending,
} from '../contracts/assets.ts';
import type { TAdminImportCheck, TAdminImportConfirm } from '../contracts/admin.ts';
import type { TAssetImportPreview, TAssetImportResult } from '../contracts/asset-import.ts';
import type { TPage } from '../contracts/pagination.ts';
import { PERM } from '../permissions.ts';
import { endpoint, io } from './endpoint.ts';

const view = { staff: true, permission: PERM.viewAsset } as const;
const change = { staff: true, permission: PERM.changeAsset } as const;

/** A list's page and filters as the URL carries them (the API parses them). */
type ListQuery = Readonly<Record<string, string>>;

export const assets = {
  types: endpoint('get', '/api/assets/assets-type/', io<{ answer: TAssetTypeOption[] }>()),
  lendings: endpoint('get', '/api/assets/lend/', io<{ query: ListQuery; answer: TPage<TLending> }>()),
  lending: endpoint('get', '/api/assets/lend/:id/', io<{ answer: TLending }>()),

  adminTypes: endpoint('get', '/api/admin/asset-types/', io<{ answer: TAdminAssetType[] }>(), view),
  createType: endpoint(
    'post',
    '/api/admin/asset-types/',
    io<{ body: TAdminAssetTypeRequest; answer: TAdminAssetType }>(),
    change,
  ),
  adminType: endpoint('get', '/api/admin/asset-types/:id/', io<{ answer: TAdminAssetType }>(), view),
  replaceType: endpoint(
    'put',
    '/api/admin/asset-types/:id/',
    io<{ body: TAdminAssetTypeRequest; answer: TAdminAssetType }>(),
    change,
  ),
  adminSoftware: endpoint('get', '/api/admin/software/', io<{ answer: TAdminSoftware[] }>(), view),
  createSoftware: endpoint(
    'post',
    '/api/admin/software/',
    io<{ body: TAdminSoftwareRequest; answer: TAdminSoftware }>(),
    change,
  ),
  adminSoftwareItem: endpoint('get', '/api/admin/software/:id/', io<{ answer: TAdminSoftware }>(), view),
  replaceSoftware: endpoint(
    'put',
    '/api/admin/software/:id/',
    io<{ body: TAdminSoftwareRequest; answer: TAdminSoftware }>(),
    change,
  ),
  adminAssets: endpoint(
    'get',
    '/api/admin/assets/',
    io<{ query: ListQuery; answer: TPage<TAdminAsset> }>(),
    view,
  ),
  createAsset: endpoint(
    'post',
    '/api/admin/assets/',
    io<{ body: TAdminAssetRequest; answer: TAdminAssetDetail }>(),
    change,
  ),
  adminAsset: endpoint('get', '/api/admin/assets/:id/', io<{ answer: TAdminAssetDetail }>(), view),
  replaceAsset: endpoint(
    'put',
    '/api/admin/assets/:id/',
    io<{ body: TAdminAssetRequest; answer: TAdminAssetDetail }>(),
    change,
  ),
  // 資材の一括登録: the people import's check → preview → confirm, with the 資材 layout.
  checkAssetImport: endpoint(
    'post',
    '/api/admin/asset-import/check/',
    io<{ body: TAdminImportCheck; answer: TAssetImportPreview }>(),
    change,
  ),
  confirmAssetImport: endpoint(
    'post',
    '/api/admin/asset-import/confirm/',
    io<{ body: TAdminImportConfirm; answer: TAssetImportResult }>(),
    change,
  ),
  returnAsset: endpoint(
    'post',
    '/api/admin/assets/:id/return/',
    io<{ body: TAdminConfirmBody; answer: TAdminAssetDetail }>(),
    change,
  ),
  purchases: endpoint('get', '/api/admin/asset-purchases/', io<{ answer: TAdminPurchase[] }>(), view),
  receivePurchase: endpoint(
    'post',
    '/api/admin/asset-purchases/:id/receive/',
    io<{ body: TAdminReceiveRequest; answer: TAdminReceipt }>(),
    change,
  ),
} as const;
