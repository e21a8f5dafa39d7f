// Asset lending and purchase (issue 31): the answers of assets/assets-type/ and assets/lend/, and the
// console's bodies for 資材種別, 資材, ソフトウェア, 返却 and 購入品の受領. Strict objects in zod/mini,
// like the console's other contracts (admin.ts), so the web's console chunk stays small.
import * as z from 'zod/mini';
import { FIELD_MSG } from '../messages.ts';
import type { TAssetStatus, TAssetTypeOption, TLendingStatus } from '../workflow/assets.ts';
import { ASSET_STATUSES } from '../workflow/assets.ts';
import { isValidDate } from '../workflow/field-values.ts';

export type { TAssetTypeOption };

const ZText = (label: string, max: number) =>
  z
    .string({ error: FIELD_MSG.required(label) })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MSG.required(label)),
      z.maxLength(max, FIELD_MSG.maxLength(label, max)),
    );

const ZOptionalText = (label: string, max: number) =>
  z
    .string({ error: FIELD_MSG.type(label, '文字列') })
    .check(z.trim(), z.maxLength(max, FIELD_MSG.maxLength(label, max)));

const ZMonths = (label: string) =>
  z
    .int({
      error: (issue) => (issue.input === undefined ? FIELD_MSG.required(label) : FIELD_MSG.integer(label)),
    })
    .check(z.minimum(0, FIELD_MSG.min(label, 0)), z.maximum(60, FIELD_MSG.max(label, 60)));

const ZId = (label: string) =>
  z
    .int({
      error: (issue) => (issue.input === undefined ? FIELD_MSG.required(label) : FIELD_MSG.integer(label)),
    })
    .check(z.positive(FIELD_MSG.choice(label)));

const ZOptionalDate = (label: string) =>
  z.nullable(z.string({ error: FIELD_MSG.date(label) }).check(z.refine(isValidDate, FIELD_MSG.date(label))));

const ZConfirm = z.literal(true, { error: FIELD_MSG.required('確認') });

// ---- answers -----------------------------------------------------------------------------------

/** One row of GET assets/lend/ (§7.7). */
export interface TLending {
  id: number;
  asset_id: string;
  asset_type: { id: number; name: string };
  software: string[];
  user: { id: number; name: string };
  lent_on: string;
  due_on: string | null;
  returned_on: string | null;
  status: TLendingStatus;
  task_id: number | null;
}

export interface TAdminSoftware {
  id: number;
  software_id: number;
  software_name: string;
  software_validity_period: number;
  seats: number;
  /** 使用中: seats held by lendings not returned. */
  in_use: number;
}

export interface TAdminAssetType {
  id: number;
  name: string;
  validity_period: number;
  hardware_information: string;
  software_list: number[];
  software_names: string[];
  is_active: boolean;
  /** Units 在庫. */
  in_stock: number;
  units: number;
}

export interface TAdminAsset {
  id: number;
  asset_id: string;
  asset_type: { id: number; name: string };
  serial_number: string;
  status: TAssetStatus;
  disposal_reason: string;
  purchased_on: string | null;
  remark: string;
  /** The lending holding it now. */
  lending: TLending | null;
}

export interface TAdminAssetDetail extends TAdminAsset {
  history: TLending[];
}

/** An approved 資材購入申請 not yet received. */
export interface TAdminPurchase {
  id: number;
  task_id: number;
  applicant: { id: number; name: string };
  item: string;
  quantity: number;
  asset_type: { id: number; name: string } | null;
  approved_at: string | null;
  received: boolean;
}

export interface TAdminReceipt {
  added: string[];
  /** The unit lent to the applicant of the lending the purchase was made for. */
  lent: TLending | null;
}

// ---- console bodies ----------------------------------------------------------------------------

export const ZAdminAssetType = z.strictObject({
  name: ZText('名称', 100),
  validity_period: ZMonths('有効期間（か月）'),
  hardware_information: z.optional(ZOptionalText('ハードウェア情報', 2000)),
  software_list: z.optional(
    z.array(ZId('ソフトウェア')).check(z.maxLength(50, FIELD_MSG.maxItems('ソフトウェア', 50))),
  ),
  is_active: z.optional(z.boolean({ error: FIELD_MSG.boolean('有効') })),
});
export type TAdminAssetTypeRequest = z.infer<typeof ZAdminAssetType>;

export const ZAdminSoftware = z.strictObject({
  software_name: ZText('ソフトウェア名', 100),
  software_validity_period: ZMonths('有効期間（か月）'),
  seats: z
    .int({ error: FIELD_MSG.integer('ライセンス数') })
    .check(
      z.minimum(0, FIELD_MSG.min('ライセンス数', 0)),
      z.maximum(100000, FIELD_MSG.max('ライセンス数', 100000)),
    ),
});
export type TAdminSoftwareRequest = z.infer<typeof ZAdminSoftware>;

const ASSET_STATUS_VALUES = ASSET_STATUSES.map((s) => s.value) as [TAssetStatus, ...TAssetStatus[]];

export const ZAdminAsset = z
  .strictObject({
    asset_id: ZText('管理番号', 50),
    asset_type: ZId('資材種別'),
    serial_number: z.optional(ZOptionalText('シリアル番号', 100)),
    status: z.optional(z.enum(ASSET_STATUS_VALUES, { error: FIELD_MSG.choice('状態') })),
    disposal_reason: z.optional(ZOptionalText('理由', 200)),
    purchased_on: z.optional(ZOptionalDate('購入日')),
    remark: z.optional(ZOptionalText('備考', 500)),
  })
  .check(
    z.refine((b) => b.status !== 'disposed' || (b.disposal_reason ?? '').trim() !== '', {
      path: ['disposal_reason'],
      message: FIELD_MSG.required('理由'),
    }),
  );
export type TAdminAssetRequest = z.infer<typeof ZAdminAsset>;

export const ZAdminConfirmBody = z.strictObject({ confirm: ZConfirm });
export type TAdminConfirmBody = z.infer<typeof ZAdminConfirmBody>;

export const ZAdminReceive = z.strictObject({
  confirm: ZConfirm,
  units: z
    .array(
      z.strictObject({
        asset_id: ZText('管理番号', 50),
        serial_number: z.optional(ZOptionalText('シリアル番号', 100)),
      }),
    )
    .check(z.minLength(1, FIELD_MSG.minItems('資材', 1)), z.maxLength(100, FIELD_MSG.maxItems('資材', 100))),
});
export type TAdminReceiveRequest = z.infer<typeof ZAdminReceive>;
