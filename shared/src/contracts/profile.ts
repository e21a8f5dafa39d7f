// The employee's record (spec §2.1 /profile, §7.6 employees/{id}/, employees/{id}/residence-status/,
// §7.2 account/avatar, issue 13). The pinned shape: id, code, last_name, first_name, last_name_kana,
// first_name_kana, gender, birth_date, marriage, country, residence, residence_expiry, postal_code,
// address, phone, email, join_date, organizations, positions, latest_contract.
import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';
import { ZCommutingRoute } from './commuting.ts';
import { zJapanesePhone } from './phone.ts';

/** A banner this many days (or fewer) before a residence card expires. */
export const RESIDENCE_ALERT_DAYS = [90, 30] as const;

export const PROFILE_MSG = {
  hrOnly: 'この項目は人事だけが変更できます。',
  postalCode: '郵便番号 は 7 桁の数字（例: 160-0023）で入力してください。',
  postalUnknown: 'この郵便番号の住所が見つかりません。',
  residenceExpiring: (date: string, days: number) =>
    `在留カードの有効期限（${date}）まであと ${days} 日です。更新の手続きをしてください。`,
  residenceExpired: (date: string) => `在留カードの有効期限（${date}）が過ぎています。`,
  avatarType: 'アバター は PNG・JPEG・GIF・WebP の画像を選択してください（SVG は使えません）。',
  avatarSize: 'アバター のサイズは 2048KB 以下にしてください。',
} as const;

export const ZEmployeeProfile = z.object({
  id: z.number().int(),
  code: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  gender: z.string().nullable(),
  gender_name: z.string(),
  birth_date: z.string().nullable(),
  marriage: z.string(),
  marriage_name: z.string(),
  country: z.string(),
  country_name: z.string(),
  residence: z.string(),
  residence_name: z.string(),
  residence_expiry: z.string().nullable(),
  postal_code: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  join_date: z.string().nullable(),
  organizations: z.array(z.object({ id: z.number().int(), org_name: z.string() })),
  positions: z.array(z.object({ org_name: z.string(), name: z.string(), is_part_time: z.boolean() })),
  latest_contract: z.object({ start_date: z.string(), end_date: z.string().nullable() }).nullable(),
  avatar: z.string().nullable(),
  /** The commuting route in force today (HR sets it). */
  commuting: ZCommutingRoute.nullable(),
  /** The fields the caller may change (the employee themself: contact details and address). */
  editable_fields: z.array(z.string()),
  /** The residence card's banner, 90 and 30 days before it expires (null: none to show). */
  residence_alert: z.object({ days_left: z.number().int(), message: z.string() }).nullable(),
});
export type TEmployeeProfile = z.infer<typeof ZEmployeeProfile>;

/** What the employee changes themself; the rest of the record is HR's. */
export const SELF_EDITABLE_FIELDS = ['postal_code', 'address', 'phone', 'email'] as const;
/** Fields of the record only HR changes: sending one is a 400 naming it, not a silent drop. */
export const HR_ONLY_FIELDS = [
  'code',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'gender',
  'birth_date',
  'marriage',
  'country',
  'residence',
  'residence_expiry',
  'join_date',
  'organizations',
  'positions',
  'latest_contract',
] as const;

export function normalizePostalCode(text: string): string | null {
  const digits = text.normalize('NFKC').replace(/[-\s〒ー]/g, '');
  return /^\d{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : null;
}

/** PATCH /api/employees/{id}/ (the employee's own record): any of the self-editable fields. */
export const ZProfileUpdate = z.object({
  postal_code: z
    .string(FIELD_MSG.type('郵便番号', '文字列'))
    .transform((value, ctx) => {
      if (!value.trim()) return '';
      const code = normalizePostalCode(value);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: PROFILE_MSG.postalCode });
        return z.NEVER;
      }
      return code;
    })
    .optional(),
  address: z.string().trim().max(200, FIELD_MSG.maxLength('住所', 200)).optional(),
  phone: zJapanesePhone('電話番号').optional(),
  email: z
    .string()
    .trim()
    .max(254, FIELD_MSG.maxLength('メールアドレス', 254))
    .email(FIELD_MSG.email('メールアドレス'))
    .optional(),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/** GET /api/employees/{id}/residence-status/. */
export const ZResidenceStatus = z.object({
  residence: z.string(),
  residence_name: z.string(),
  residence_expiry: z.string().nullable(),
  days_left: z.number().int().nullable(),
  alert: z.object({ days_left: z.number().int(), message: z.string() }).nullable(),
  history: z.array(
    z.object({
      residence: z.string(),
      residence_name: z.string(),
      residence_expiry: z.string().nullable(),
      changed_at: z.string(),
    }),
  ),
});
export type TResidenceStatus = z.infer<typeof ZResidenceStatus>;

/** GET /api/postal-codes/{code}/: the addresses of a postal code (from bundled data, offline). */
export const ZPostalAddress = z.object({
  postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  town: z.string(),
  address: z.string(),
});
export type TPostalAddress = z.infer<typeof ZPostalAddress>;

/** PUT /api/account/avatar/: the image, base64, ≤ 2 MB; re-encoded and resized by the server. */
export const ZAvatarUpload = z.object({
  content: z.string(FIELD_MSG.required('アバター')).min(1, FIELD_MSG.required('アバター')),
});
export type TAvatarUpload = z.infer<typeof ZAvatarUpload>;

/** GET and PUT /api/account/avatar/: the picture as a data URL, or none. */
export const ZAvatar = z.object({ avatar: z.string().nullable() });
export type TAvatar = z.infer<typeof ZAvatar>;
