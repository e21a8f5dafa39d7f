// The assets module's HTTP (issue 31): the lending form's types, the lendings, and the console's
// 資材種別, 資材 (one by one or by file), ソフトウェア, 返却 and 購入品の受領. The endpoint table
// (shared/src/endpoints/assets.ts) declares who may call each; the services check the rest.
import {
  ZAdminAsset,
  ZAdminAssetType,
  ZAdminConfirmBody,
  ZAdminReceive,
  ZAdminSoftware,
} from '@portal/shared/contracts/assets';
import {
  ZAdminAssetAnswer,
  ZAdminAssetDetailAnswer,
  ZAdminAssetTypeAnswer,
  ZAdminPurchaseAnswer,
  ZAdminReceiptAnswer,
  ZAdminSoftwareAnswer,
  ZAssetImportPreviewAnswer,
  ZAssetImportResultAnswer,
  ZAssetTypeOption,
  ZLending,
} from '@portal/shared/contracts/assets-answers';
import { ZAdminAssetQuery, ZLendingQuery } from '@portal/shared/contracts/assets-queries';
import { ZAdminImportCheck, ZAdminImportConfirm } from '@portal/shared/contracts/admin';
import { zPage } from '@portal/shared/contracts/pagination';
import { z } from 'zod';
import { assets } from '@portal/shared/endpoints/assets';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import { checkAssetImport, confirmAssetImport } from './asset-import.ts';
import * as masters from './asset-masters.ts';
import { listTypeOptions } from './asset-types.ts';
import * as units from './asset-units.ts';
import { getLending, listLendings } from './lendings.ts';
import { listPurchases, receivePurchase } from './purchase-receipt.ts';

const text = (value: number | string | undefined) => (value === undefined ? undefined : String(value));

export const assetsModule = moduleOf('assets', assets, (deps) => {
  const on = endpointRouter(deps);

  route(on, assets.types, { answer: z.array(ZAssetTypeOption) }, ({ ctx }) => listTypeOptions({ ctx }));
  route(
    on,
    assets.lendings,
    { query: ZLendingQuery, answer: zPage(ZLending) },
    async ({ ctx, query, req }) => {
      const filters = { asset_type: text(query.asset_type), status: query.status, user: text(query.user) };
      return pageEnvelope(req, {
        number: query.page,
        filters,
        ...(await listLendings({ ctx, input: query })),
      });
    },
  );
  route(on, assets.lending, { answer: ZLending }, ({ ctx, params }) => getLending({ ctx, input: params }));

  route(on, assets.adminTypes, { answer: z.array(ZAdminAssetTypeAnswer) }, ({ ctx }) =>
    masters.listAssetTypes({ ctx }),
  );
  route(
    on,
    assets.createType,
    { body: ZAdminAssetType, status: 201, answer: ZAdminAssetTypeAnswer },
    ({ ctx, body }) => masters.createAssetType({ ctx, input: body }),
  );
  route(on, assets.adminType, { answer: ZAdminAssetTypeAnswer }, ({ ctx, params }) =>
    masters.getAssetType({ ctx, input: params }),
  );
  route(
    on,
    assets.replaceType,
    { body: ZAdminAssetType, answer: ZAdminAssetTypeAnswer },
    ({ ctx, params, body }) => masters.replaceAssetType({ ctx, input: { id: params.id, body } }),
  );

  route(on, assets.adminSoftware, { answer: z.array(ZAdminSoftwareAnswer) }, ({ ctx }) =>
    masters.listSoftware({ ctx }),
  );
  route(
    on,
    assets.createSoftware,
    { body: ZAdminSoftware, status: 201, answer: ZAdminSoftwareAnswer },
    ({ ctx, body }) => masters.createSoftware({ ctx, input: body }),
  );
  route(on, assets.adminSoftwareItem, { answer: ZAdminSoftwareAnswer }, ({ ctx, params }) =>
    masters.getSoftware({ ctx, input: params }),
  );
  route(
    on,
    assets.replaceSoftware,
    { body: ZAdminSoftware, answer: ZAdminSoftwareAnswer },
    ({ ctx, params, body }) => masters.replaceSoftware({ ctx, input: { id: params.id, body } }),
  );

  route(
    on,
    assets.adminAssets,
    { query: ZAdminAssetQuery, answer: zPage(ZAdminAssetAnswer) },
    async ({ ctx, query, req }) => {
      const filters = { asset_type: text(query.asset_type), status: query.status, query: query.query };
      return pageEnvelope(req, {
        number: query.page,
        filters,
        ...(await units.listUnits({ ctx, input: query })),
      });
    },
  );
  route(
    on,
    assets.createAsset,
    { body: ZAdminAsset, status: 201, answer: ZAdminAssetDetailAnswer },
    ({ ctx, body }) => units.createUnit({ ctx, input: body }),
  );
  route(on, assets.adminAsset, { answer: ZAdminAssetDetailAnswer }, ({ ctx, params }) =>
    units.getUnit({ ctx, input: params }),
  );
  route(
    on,
    assets.replaceAsset,
    { body: ZAdminAsset, answer: ZAdminAssetDetailAnswer },
    ({ ctx, params, body }) => units.replaceUnit({ ctx, input: { id: params.id, body } }),
  );
  route(
    on,
    assets.checkAssetImport,
    { body: ZAdminImportCheck, answer: ZAssetImportPreviewAnswer },
    ({ ctx, body }) => checkAssetImport({ ctx, input: body }),
  );
  route(
    on,
    assets.confirmAssetImport,
    { body: ZAdminImportConfirm, status: 201, answer: ZAssetImportResultAnswer },
    ({ ctx, body }) => confirmAssetImport({ ctx, input: body }),
  );
  route(
    on,
    assets.returnAsset,
    { body: ZAdminConfirmBody, answer: ZAdminAssetDetailAnswer },
    ({ ctx, params }) => units.returnUnit({ ctx, input: params }),
  );

  route(on, assets.purchases, { answer: z.array(ZAdminPurchaseAnswer) }, ({ ctx }) => listPurchases({ ctx }));
  route(
    on,
    assets.receivePurchase,
    { body: ZAdminReceive, answer: ZAdminReceiptAnswer },
    ({ ctx, params, body }) => receivePurchase({ ctx, input: { id: params.id, body } }),
  );
  return on.router;
});
