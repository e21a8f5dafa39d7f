// Emergency contacts (spec §2.1 /contacts, §7.2 account/contacts/, account/contacts/{id}/): whom to
// call, in order of priority.
import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';
import { zPage } from './pagination.ts';
import { zJapanesePhone } from './phone.ts';

/** At most this many contacts per employee. */
export const MAX_CONTACTS = 5;

export const CONTACT_MSG = {
  tooMany: `緊急連絡先は ${MAX_CONTACTS} 件まで登録できます。`,
  kana: 'フリガナ はカタカナで入力してください。',
} as const;

const text = (label: string, max: number) =>
  z
    .string(FIELD_MSG.required(label))
    .trim()
    .min(1, FIELD_MSG.required(label))
    .max(max, FIELD_MSG.maxLength(label, max));

/** POST /api/account/contacts/ and PUT /api/account/contacts/{id}/. */
export const ZContactRequest = z.object({
  name: text('氏名', 50),
  name_kana: z
    .string(FIELD_MSG.required('フリガナ'))
    .transform((v) =>
      v
        .normalize('NFKC')
        .trim()
        .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60)),
    )
    .pipe(
      z
        .string()
        .min(1, FIELD_MSG.required('フリガナ'))
        .max(50, FIELD_MSG.maxLength('フリガナ', 50))
        .regex(/^[\u30a1-\u30fc\s\u3000]+$/, CONTACT_MSG.kana),
    ),
  relationship: text('続柄', 20),
  phone: zJapanesePhone('電話番号'),
  address: z.string().trim().max(200, FIELD_MSG.maxLength('住所', 200)).default(''),
  /** 1 is called first; the list keeps 1..n without gaps (others move to make room). */
  priority: z
    .number(FIELD_MSG.integer('優先順位'))
    .int(FIELD_MSG.integer('優先順位'))
    .min(1, FIELD_MSG.min('優先順位', 1))
    .max(MAX_CONTACTS, FIELD_MSG.max('優先順位', MAX_CONTACTS))
    .optional(),
});
export type TContactRequest = z.input<typeof ZContactRequest>;
export type TContactBody = z.output<typeof ZContactRequest>;

export const ZContact = z.object({
  id: z.number().int(),
  employee: z.number().int(),
  name: z.string(),
  name_kana: z.string(),
  relationship: z.string(),
  phone: z.string(),
  address: z.string(),
  priority: z.number().int(),
  can_edit: z.boolean(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactList = zPage(ZContact).extend({ can_edit: z.boolean() });
export type TContactList = z.infer<typeof ZContactList>;
