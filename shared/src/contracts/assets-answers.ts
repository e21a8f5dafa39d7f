// The answers of the assets module (issue 31) as zod schemas: the OpenAPI document's, and checked
// against every answer under tests. Classic zod, which only the API loads; the web reads the types of
// assets.ts.
import { z } from 'zod';
import { ASSET_STATUSES, LENDING_STATUSES } from '../workflow/assets.ts';
import { ASSET_IMPORT_COLUMNS } from './asset-import.ts';

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZAssetTypeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  validity_period: z.number().int(),
  inventory: z.boolean(),
  hardware_information: z.string(),
  software_list: z.array(
    z.object({
      software_id: z.number().int(),
      software_name: z.string(),
      software_validity_period: z.number().int(),
    }),
  ),
});

export const ZLending = z.object({
  id: z.number().int(),
  asset_id: z.string(),
  asset_type: ZRef,
  software: z.array(z.string()),
  user: ZRef,
  lent_on: z.string(),
  due_on: z.string().nullable(),
  returned_on: z.string().nullable(),
  status: z.enum(LENDING_STATUSES.map((s) => s.value)),
  task_id: z.number().int().nullable(),
});

export const ZAdminSoftwareAnswer = z.object({
  id: z.number().int(),
  software_id: z.number().int(),
  software_name: z.string(),
  software_validity_period: z.number().int(),
  seats: z.number().int(),
  in_use: z.number().int(),
});

export const ZAdminAssetTypeAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  validity_period: z.number().int(),
  hardware_information: z.string(),
  software_list: z.array(z.number().int()),
  software_names: z.array(z.string()),
  is_active: z.boolean(),
  in_stock: z.number().int(),
  units: z.number().int(),
});

export const ZAdminAssetAnswer = z.object({
  id: z.number().int(),
  asset_id: z.string(),
  asset_type: ZRef,
  serial_number: z.string(),
  status: z.enum(ASSET_STATUSES.map((s) => s.value)),
  disposal_reason: z.string(),
  purchased_on: z.string().nullable(),
  remark: z.string(),
  lending: ZLending.nullable(),
});

export const ZAdminAssetDetailAnswer = ZAdminAssetAnswer.extend({ history: z.array(ZLending) });

export const ZAdminPurchaseAnswer = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  applicant: ZRef,
  item: z.string(),
  quantity: z.number(),
  asset_type: ZRef.nullable(),
  approved_at: z.string().nullable(),
  received: z.boolean(),
});

export const ZAdminReceiptAnswer = z.object({ added: z.array(z.string()), lent: ZLending.nullable() });

/** 資材の一括登録's preview (asset-import.ts): cells and errors by the layout's header labels. */
const ZAssetImportColumn = z.enum(ASSET_IMPORT_COLUMNS.map((c) => c.label));
export const ZAssetImportPreviewAnswer = z.object({
  file_name: z.string(),
  token: z.string(),
  columns: z.array(ZAssetImportColumn),
  rows: z.array(z.object({ row: z.number().int(), cells: z.record(ZAssetImportColumn, z.string()) })),
  errors: z.array(
    z.object({ row: z.number().int(), column: ZAssetImportColumn.nullable(), message: z.string() }),
  ),
});

export const ZAssetImportResultAnswer = z.object({ created: z.number().int() });
