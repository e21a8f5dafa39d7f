// Japanese phone numbers (emergency contacts, the profile): any usual way of writing one (full-width
// digits, spaces, +81), kept in the national form with hyphens ('090-1234-5678', '03-1234-5678').
// Only Japan's part of libphonenumber's metadata is loaded (3 KB, not the world's 80 KB: a number
// of another country is refused either way); phone.test.ts checks it still equals the package's.
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import JP_METADATA from './phone-metadata-jp.json' with { type: 'json' };
import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';

export const PHONE_MSG = {
  invalid: (label: string) =>
    `${label} は有効な日本の電話番号（例: 090-1234-5678、03-1234-5678）で入力してください。`,
} as const;

/** The national form of a valid Japanese number, or null. */
export function normalizeJapanesePhone(text: string): string | null {
  const number = parsePhoneNumberFromString(
    text.normalize('NFKC').trim(),
    'JP',
    JP_METADATA as unknown as MetadataJson,
  );
  if (!number || number.country !== 'JP' || !number.isValid()) return null;
  return number.formatNational();
}

/** A required Japanese phone number, normalised. */
export function zJapanesePhone(label: string) {
  return z
    .string(FIELD_MSG.required(label))
    .max(30, FIELD_MSG.maxLength(label, 30))
    .transform((value, ctx) => {
      const phone = normalizeJapanesePhone(value);
      if (phone === null) {
        ctx.addIssue({
          code: 'custom',
          message: value.trim() ? PHONE_MSG.invalid(label) : FIELD_MSG.required(label),
        });
        return z.NEVER;
      }
      return phone;
    });
}
