// The console's asset calls (issue 31: 資材種別, 資材 and its 一括登録, ソフトウェア, 返却, 購入品の受領),
// each by its entry of the endpoint table; the forms hand over their declared fields' values and the
// API checks them.
import { assets } from '@portal/shared/endpoints/assets';
import type { BodyOf, Endpoint, ParamsOf } from '@portal/shared/endpoints/endpoint';
import { api } from '@/lib/api-client.ts';

type Values = Record<string, unknown>;

const send = <E extends Endpoint>(entry: E, params: ParamsOf<E>, values: Values) =>
  api.call(entry, params, values as BodyOf<E>);

/** A number typed into a text input; anything else goes as null, which the API refuses in Japanese. */
const count = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : null;

export const assetsApi = {
  types: () => api.call(assets.adminTypes, {}),
  type: (id: number) => api.call(assets.adminType, { id }, undefined, { notFoundPage: true }),
  createType: (body: Values) => send(assets.createType, {}, body),
  replaceType: (id: number, body: Values) => send(assets.replaceType, { id }, body),

  software: () => api.call(assets.adminSoftware, {}),
  softwareItem: (id: number) => api.call(assets.adminSoftwareItem, { id }, undefined, { notFoundPage: true }),
  createSoftware: (body: Values) => send(assets.createSoftware, {}, { ...body, seats: count(body.seats) }),
  replaceSoftware: (id: number, body: Values) =>
    send(assets.replaceSoftware, { id }, { ...body, seats: count(body.seats) }),

  units: (params: URLSearchParams) =>
    api.call(assets.adminAssets, {}, undefined, { query: Object.fromEntries(params) }),
  unit: (id: number) => api.call(assets.adminAsset, { id }, undefined, { notFoundPage: true }),
  createUnit: (body: Values) => send(assets.createAsset, {}, body),
  replaceUnit: (id: number, body: Values) => send(assets.replaceAsset, { id }, body),
  importCheck: (body: { file_name: string; content: string }) => api.call(assets.checkAssetImport, {}, body),
  importConfirm: (body: { file_name: string; content: string; token: string }) =>
    api.call(assets.confirmAssetImport, {}, body),
  returnUnit: (id: number) => api.call(assets.returnAsset, { id }, { confirm: true }),

  purchases: () => api.call(assets.purchases, {}),
  receive: (id: number, units: { asset_id: string; serial_number: string }[]) =>
    api.call(assets.receivePurchase, { id }, { confirm: true, units }),
};
