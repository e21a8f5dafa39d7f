// Payslips (給与明細) and withholding slips (源泉徴収票): what is stored per slip, the list rows (the
// net pay stays off the list until a slip is opened) and the detail (spec §7.6 payment-slip/,
// withholding/).
import { z } from 'zod';

export const ZSlipLine = z.object({ label: z.string(), amount: z.number().int() });
export type TSlipLine = z.infer<typeof ZSlipLine>;

export const ZSlipAttendanceLine = z.object({ label: z.string(), value: z.string() });
export type TSlipAttendanceLine = z.infer<typeof ZSlipAttendanceLine>;

/** The lines of a payslip as issued: 支給, 控除 and 勤怠. */
export const ZPaymentSlipBody = z.object({
  payments: z.array(ZSlipLine),
  deductions: z.array(ZSlipLine),
  attendance: z.array(ZSlipAttendanceLine),
  /** 備考, when the upload's file had one. */
  remarks: z.optional(z.string()),
});
export type TPaymentSlipBody = z.infer<typeof ZPaymentSlipBody>;

/** The figures of a 給与所得の源泉徴収票, in yen (dependents in people). */
export const ZWithholdingSlipBody = z.object({
  payment_amount: z.number().int(),
  income_after_deduction: z.number().int(),
  total_deductions: z.number().int(),
  withholding_tax: z.number().int(),
  social_insurance: z.number().int(),
  life_insurance: z.number().int(),
  earthquake_insurance: z.number().int(),
  housing_loan: z.number().int(),
  spouse_deduction: z.number().int(),
  dependents: z.number().int(),
  remarks: z.string(),
});
export type TWithholdingSlipBody = z.infer<typeof ZWithholdingSlipBody>;

export const SLIP_KIND_NAMES = { salary: '給与', bonus: '賞与' } as const;

export const ZSlipEmployee = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const ZPaymentSlipRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  kind: z.enum(['salary', 'bonus']),
  title: z.string(),
  issued_on: z.string(),
});
export type TPaymentSlipRow = z.infer<typeof ZPaymentSlipRow>;

export const ZPaymentSlip = ZPaymentSlipRow.extend({
  employee: ZSlipEmployee,
  ...ZPaymentSlipBody.shape,
  total_payment: z.number().int(),
  total_deduction: z.number().int(),
  net_pay: z.number().int(),
});
export type TPaymentSlip = z.infer<typeof ZPaymentSlip>;

export const ZWithholdingSlipRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  title: z.string(),
  issued_on: z.string(),
});
export type TWithholdingSlipRow = z.infer<typeof ZWithholdingSlipRow>;

export const ZWithholdingSlip = ZWithholdingSlipRow.extend({
  employee: ZSlipEmployee,
  ...ZWithholdingSlipBody.shape,
});
export type TWithholdingSlip = z.infer<typeof ZWithholdingSlip>;

/** `?year=` (optional, 2000–2100), `?page=`, and for holders of the expense permissions `?employee=`. */
export const ZSlipListQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  employee: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export function paymentSlipTitle(slip: { year: number; month: number; kind: 'salary' | 'bonus' }): string {
  return `${slip.year}年${slip.month}月分 ${SLIP_KIND_NAMES[slip.kind]}明細`;
}

export function withholdingSlipTitle(year: number): string {
  return `${year}年分 給与所得の源泉徴収票`;
}

/** The field labels of the 源泉徴収票, in the order the slip shows them. */
export const WITHHOLDING_LABELS: readonly [keyof TWithholdingSlipBody, string][] = [
  ['payment_amount', '支払金額'],
  ['income_after_deduction', '給与所得控除後の金額'],
  ['total_deductions', '所得控除の額の合計額'],
  ['withholding_tax', '源泉徴収税額'],
  ['social_insurance', '社会保険料等の金額'],
  ['life_insurance', '生命保険料の控除額'],
  ['earthquake_insurance', '地震保険料の控除額'],
  ['housing_loan', '住宅借入金等特別控除の額'],
  ['spouse_deduction', '配偶者（特別）控除の額'],
  ['dependents', '扶養親族の数'],
  ['remarks', '摘要'],
];
