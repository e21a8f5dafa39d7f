// Bank and branch search (spec §5, §7.7): GET banks/choice/?query= and
// GET banks/{bankCode}/branches/choice/?query= over the zengin-code package's data.
import { z } from 'zod';

/** At most this many answers; an exact code comes first. */
export const BANK_SEARCH_LIMIT = 20;
/** A query of digits matches the code's prefix and needs at least this many digits (spec §5). */
export const BANK_CODE_MIN_DIGITS = 4;
export const BRANCH_CODE_MIN_DIGITS = 3;

export const BANK_SEARCH_MSG = {
  bankDigits: `銀行コードは ${BANK_CODE_MIN_DIGITS} 桁以上で入力してください。`,
  branchDigits: `支店コードは ${BRANCH_CODE_MIN_DIGITS} 桁以上で入力してください。`,
  bankNotFound: '銀行が見つかりません。先に銀行を選択してください。',
} as const;

/** True when the screen may send the query (digits need the minimum count; empty sends nothing). */
export function isSendableBankQuery(query: string, kind: 'bank' | 'branch'): boolean {
  const q = query.normalize('NFKC').trim();
  if (!q) return false;
  if (!/^\d/.test(q)) return true;
  return q.length >= (kind === 'bank' ? BANK_CODE_MIN_DIGITS : BRANCH_CODE_MIN_DIGITS);
}

export const ZBankQuery = z.object({ query: z.string().trim().max(50).optional() });
export type TBankQuery = z.infer<typeof ZBankQuery>;

export const ZBankChoice = z.object({ code: z.string(), name: z.string(), kana: z.string() });
export type TBankChoice = z.infer<typeof ZBankChoice>;
export const ZBankChoices = z.array(ZBankChoice);
