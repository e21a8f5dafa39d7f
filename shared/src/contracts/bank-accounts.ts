// Bank accounts (spec §2.1 /band-accounts, §7.6 bank-accounts/, bank-accounts/{id}/): the salary
// account and, optionally, an expense account of one employee.
import { z } from 'zod';
import { BANK_ACCOUNT_TYPES } from '../codes.ts';
import { FIELD_MSG } from '../messages.ts';
import { ZENGIN_NAME_PATTERN, toZenginKana } from '../kana.ts';
import { zPage } from './pagination.ts';

export const BANK_ACCOUNT_PURPOSES = [
  { value: 'salary', label: '給与振込口座' },
  { value: 'expense', label: '経費精算口座' },
] as const;
export type TBankAccountPurpose = (typeof BANK_ACCOUNT_PURPOSES)[number]['value'];

/** The bank code of ゆうちょ銀行: its accounts are entered as 記号・番号. */
export const YUCHO_BANK_CODE = '9900';
/** A Zengin salary transfer pays only into 普通 (01) and 当座 (04). */
export const SALARY_ACCOUNT_TYPES = ['01', '04'] as const;
/** 受取人名 of a Zengin record: 30 half-width characters. */
export const ACCOUNT_HOLDER_MAX = 30;

export const BANK_ACCOUNT_MSG = {
  accountNumber: '口座番号 は 7 桁の数字で入力してください。',
  salaryType: '給与振込口座の口座種別は 普通 または 当座 を選んでください。',
  holderChars: '口座名義 はカナ・英大文字・数字で入力してください。',
  bankUnknown: '銀行コードが見つかりません。',
  branchUnknown: 'この銀行に該当する支店コードが見つかりません。',
  duplicatePurpose: 'この種類の口座は既に登録されています。',
  yuchoSymbol: '記号 は 1 または 0 で始まる 5 桁の数字で入力してください。',
  yuchoNumber: '番号 は 8 桁以内の数字で入力してください（通常貯金は末尾が 1）。',
  yuchoOnly: '記号・番号 はゆうちょ銀行の口座にだけ入力できます。',
} as const;

export interface YuchoConverted {
  readonly branch_code: string;
  readonly account_type: '01' | '04';
  readonly account_number: string;
}

/**
 * ゆうちょ 記号・番号 → the branch and account number Zengin transfers use. 通常貯金 (記号 1xxxx,
 * 番号 ending in 1): branch = 記号's 2nd–3rd digits + '8', 普通, number = 番号 without its last digit,
 * 7 digits. 振替口座 (記号 0xxxx): branch = 2nd–3rd digits + '9', 当座, number = 番号 in 7 digits.
 * Null when the pair is not of either form.
 */
export function convertYucho(symbol: string, number: string): YuchoConverted | null {
  if (!/^[01]\d{4}$/.test(symbol) || !/^\d{1,8}$/.test(number)) return null;
  if (symbol.startsWith('1')) {
    if (!number.endsWith('1') || number.length < 2) return null;
    return {
      branch_code: `${symbol.slice(1, 3)}8`,
      account_type: '01',
      account_number: number.slice(0, -1).padStart(7, '0'),
    };
  }
  if (number.length > 7) return null;
  return {
    branch_code: `${symbol.slice(1, 3)}9`,
    account_type: '04',
    account_number: number.padStart(7, '0'),
  };
}

const accountTypes = BANK_ACCOUNT_TYPES.map((t) => t.value) as [string, ...string[]];

/**
 * POST /api/bank-accounts/ and PUT /api/bank-accounts/{id}/ (the employee's own accounts). ゆうちょ
 * accounts give yucho_symbol and yucho_number instead of branch_code, account_type and account_number.
 */
export const ZBankAccountRequest = z
  .object({
    purpose: z.enum(['salary', 'expense'], FIELD_MSG.choice('用途')),
    // Empty is "required" under the field's own label (銀行), not a format error about a code never shown.
    bank_code: z
      .string(FIELD_MSG.required('銀行'))
      .min(1, FIELD_MSG.required('銀行'))
      .regex(/^\d{4}$/, FIELD_MSG.invalid('銀行コード')),
    branch_code: z
      .string()
      .regex(/^\d{3}$/, FIELD_MSG.invalid('支店コード'))
      .optional(),
    account_type: z.enum(accountTypes, FIELD_MSG.choice('口座種別')).optional(),
    account_number: z
      .string()
      .regex(/^\d{7}$/, BANK_ACCOUNT_MSG.accountNumber)
      .optional(),
    yucho_symbol: z
      .string()
      .regex(/^[01]\d{4}$/, BANK_ACCOUNT_MSG.yuchoSymbol)
      .optional(),
    yucho_number: z
      .string()
      .regex(/^\d{1,8}$/, BANK_ACCOUNT_MSG.yuchoNumber)
      .optional(),
    account_holder: z
      .string(FIELD_MSG.required('口座名義'))
      .transform(toZenginKana)
      .pipe(
        z
          .string()
          .min(1, FIELD_MSG.required('口座名義'))
          .max(ACCOUNT_HOLDER_MAX, FIELD_MSG.maxLength('口座名義', ACCOUNT_HOLDER_MAX))
          .regex(ZENGIN_NAME_PATTERN, BANK_ACCOUNT_MSG.holderChars),
      ),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const yucho = body.yucho_symbol !== undefined || body.yucho_number !== undefined;
    if (yucho) {
      if (body.bank_code !== YUCHO_BANK_CODE) return issue('yucho_symbol', BANK_ACCOUNT_MSG.yuchoOnly);
      if (body.yucho_symbol === undefined) return issue('yucho_symbol', FIELD_MSG.required('記号'));
      if (body.yucho_number === undefined) return issue('yucho_number', FIELD_MSG.required('番号'));
      const converted = convertYucho(body.yucho_symbol, body.yucho_number);
      if (!converted) return issue('yucho_number', BANK_ACCOUNT_MSG.yuchoNumber);
      if (body.purpose === 'salary' && converted.account_type !== '01')
        issue('account_type', BANK_ACCOUNT_MSG.salaryType);
      return;
    }
    if (body.branch_code === undefined) issue('branch_code', FIELD_MSG.required('支店'));
    if (body.account_type === undefined) issue('account_type', FIELD_MSG.required('口座種別'));
    else if (
      body.purpose === 'salary' &&
      !(SALARY_ACCOUNT_TYPES as readonly string[]).includes(body.account_type)
    )
      issue('account_type', BANK_ACCOUNT_MSG.salaryType);
    if (body.account_number === undefined) issue('account_number', FIELD_MSG.required('口座番号'));
  });
export type TBankAccountRequest = z.input<typeof ZBankAccountRequest>;
export type TBankAccountBody = z.output<typeof ZBankAccountRequest>;

export const ZBankAccount = z.object({
  id: z.number().int(),
  employee: z.number().int(),
  purpose: z.enum(['salary', 'expense']),
  purpose_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: z.string(),
  account_type_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  yucho_symbol: z.string().nullable(),
  yucho_number: z.string().nullable(),
  updated_at: z.string(),
  /** Only the employee themself changes their accounts; HR reads them. */
  can_edit: z.boolean(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** GET /api/bank-accounts/?employee=ID (HR; default: the caller's own). */
export const ZEmployeeRecordQuery = z.object({
  employee: z.coerce
    .number(FIELD_MSG.integer('社員'))
    .int(FIELD_MSG.integer('社員'))
    .positive()
    .max(2_147_483_647)
    .optional(),
});
export type TEmployeeRecordQuery = z.infer<typeof ZEmployeeRecordQuery>;

/** The list envelope of spec §9 (never more than a page: one salary and one expense account). */
export const ZBankAccountList = zPage(ZBankAccount).extend({ can_edit: z.boolean() });
export type TBankAccountList = z.infer<typeof ZBankAccountList>;
