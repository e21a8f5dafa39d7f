// Asset lending (issue 31, spec §2.7, §3.8, §4.5), shared by the form, the read-only view, the bot's
// card and the API: the request's field names, the month labels, the 返却期限 and a lending's state.
// Dates are 'YYYY-MM-DD'; Date.UTC is used only as calendar arithmetic.
import type { TFieldValues } from './field-values.ts';

/** The request's fields (spec §3.8). */
export const ASSET_FIELDS = {
  assetsType: 'assets_type',
  expirationDate: 'expiration_date',
  software: 'software',
  softwareId: 'software_id',
  assetId: 'asset_id',
  reason: 'reason',
} as const;

/** What the read-only view (§2.7) and the approval card leave out. */
export const ASSET_HIDDEN_FIELDS: readonly string[] = [
  ASSET_FIELDS.softwareId,
  ASSET_FIELDS.expirationDate,
  ASSET_FIELDS.assetId,
];

export const ASSET_MSG = {
  noStock: '該当資材の在庫がありませんので、「申請」ボタンを押すと資材購入申請から行います。',
  outOfStock: '在庫がなくなったため承認できません。資材購入申請を案内してください。',
  unknownType: '選択された資材種別は存在しないか、利用できません。',
  foreignSoftware: '選択されたソフトウェアはこの資材種別では選べません。',
  noLimit: '期限なし',
} as const;

/** 有効期間 as the form shows it: '期限なし' for 0, else 'N か月'. */
export function validityLabel(months: number): string {
  return months > 0 ? `${months} か月` : ASSET_MSG.noLimit;
}

/** A software item in the checklist: its name, with '（N か月）' when its validity is above 0. */
export function softwareLabel(name: string, months: number): string {
  return months > 0 ? `${name}（${months} か月）` : name;
}

/** The 資材種別 value of the read-only view: the name followed by '（N か月）' or '（期限なし）'. */
export function assetTypeWithMonths(name: string, months: number | null): string {
  if (months === null) return name;
  return `${name}（${validityLabel(months)}）`;
}

/** The date `months` months after `date`, clamped to the month's last day (1-31 + 1 month → 2-28/29). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, last))).toISOString().slice(0, 10);
}

/** 返却期限: 貸出日 + the type's months; none when 0. */
export function dueDateOf(lentOn: string, months: number): string | null {
  return months > 0 ? addMonths(lentOn, months) : null;
}

export const LENDING_STATUSES = [
  { value: 'lent', label: '貸出中' },
  { value: 'returned', label: '返却済' },
  { value: 'overdue', label: '期限切れ' },
  { value: 'recall', label: '要回収' },
] as const;
export type TLendingStatus = (typeof LENDING_STATUSES)[number]['value'];

/** A lending's state on `today`: returned, else to be recalled, else past its 返却期限, else lent. */
export function lendingStatus(
  lending: { returned_on: string | null; due_on: string | null; recall: boolean },
  today: string,
): TLendingStatus {
  if (lending.returned_on) return 'returned';
  if (lending.recall) return 'recall';
  if (lending.due_on && lending.due_on < today) return 'overdue';
  return 'lent';
}

export const ASSET_STATUSES = [
  { value: 'stock', label: '在庫' },
  { value: 'lent', label: '貸出中' },
  { value: 'repair', label: '修理中' },
  { value: 'disposed', label: '廃棄' },
] as const;
export type TAssetStatus = (typeof ASSET_STATUSES)[number]['value'];

/** The days before a 返却期限 on which its holder is reminded (and on the day itself). */
export const LENDING_REMINDER_DAYS = [14, 3, 0] as const;

/** Ids of a comma-separated list ('3,5'), in order, without blanks or repeats; NaN for a bad one. */
export function parseIdList(text: unknown): number[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  const ids = text.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : Number.NaN));
  return [...new Set(ids)];
}

/** The software of a type as the form offers it. */
export interface TAssetSoftwareItem {
  readonly software_id: number;
  readonly software_name: string;
  readonly software_validity_period: number;
}

/** One type as GET assets/assets-type/ answers it (spec §3.8). */
export interface TAssetTypeOption {
  readonly id: number;
  readonly name: string;
  readonly validity_period: number;
  readonly inventory: boolean;
  readonly hardware_information: string;
  readonly software_list: readonly TAssetSoftwareItem[];
}

/** The form's values after a type is chosen (§4.5): software reset, months from the type. */
export function valuesForType(values: TFieldValues, type: TAssetTypeOption | undefined): TFieldValues {
  return {
    ...values,
    [ASSET_FIELDS.assetsType]: type ? type.id : null,
    [ASSET_FIELDS.expirationDate]: type ? type.validity_period : null,
    [ASSET_FIELDS.software]: '',
    [ASSET_FIELDS.softwareId]: '',
  };
}

/** The form's values with the checked software (ids in the type's order). */
export function valuesForSoftware(
  values: TFieldValues,
  type: TAssetTypeOption,
  checked: readonly number[],
): TFieldValues {
  const chosen = type.software_list.filter((s) => checked.includes(s.software_id));
  return {
    ...values,
    [ASSET_FIELDS.software]: chosen.map((s) => s.software_name).join(','),
    [ASSET_FIELDS.softwareId]: chosen.map((s) => s.software_id).join(','),
  };
}

/**
 * The read-only view's fields (spec §2.7): without software_id, expiration_date and asset_id, the
 * 資材種別 shown as its name followed by its months ('（N か月）' or '（期限なし）').
 */
export function assetViewFields<F extends { readonly name: string; readonly value: unknown }>(
  fields: readonly F[],
  typeName: (id: number) => string | undefined,
): F[] {
  const months = fields.find((f) => f.name === ASSET_FIELDS.expirationDate)?.value;
  return fields
    .filter((f) => !ASSET_HIDDEN_FIELDS.includes(f.name))
    .map((f) => {
      if (f.name !== ASSET_FIELDS.assetsType || f.value === null || f.value === '') return f;
      const name = typeName(Number(f.value)) ?? String(f.value);
      return { ...f, value: assetTypeWithMonths(name, typeof months === 'number' ? months : null) };
    });
}
