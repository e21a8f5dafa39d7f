// A year of payslips (the twelve paydays up to the seeding moment, paid on the 25th) and the last
// year's withholding slip for every demo employee, so that /payment-slip and /withholding have
// something to show. Figures are plausible, not computed by payroll rules: a base salary by years of
// service, allowances, and social insurance and taxes as round shares of it. Each seeded month (and
// the withholding year) is one upload in the history (issue 29), published on its payday and already
// notified, so /expense/uploads and /expense/upload/{id} have records to show.
import { createHash } from 'node:crypto';
import { businessDays, ZCompanyCalendarSettings } from '@portal/shared/calendar/business-days';
import type { TPaymentSlipBody, TWithholdingSlipBody } from '@portal/shared/contracts/slips';
import type { Db } from '../db/client.ts';
import { employees } from '../db/schema/employees.ts';
import { paymentSlips, slipUploads, withholdingSlips } from '../db/schema/slips.ts';
import { tokyoDate } from '../dates.ts';

const PAYDAY = 25;
const CALENDAR = ZCompanyCalendarSettings.parse({});

function round(amount: number, unit = 1): number {
  return Math.round(amount / unit) * unit;
}

/** The slip of one month: `seed` varies the overtime a little from month to month. */
export function demoPaymentSlip(base: number, year: number, month: number, seed: number) {
  const workDays = businessDays(year, month, CALENDAR).length;
  const overtimeHours = (seed * 7 + month * 3) % 21;
  const overtime = round((base / 160) * 1.25 * overtimeHours);
  const payments = [
    { label: '基本給', amount: base },
    { label: '役職手当', amount: base >= 350_000 ? 30_000 : 0 },
    { label: '住宅手当', amount: 15_000 },
    { label: '時間外手当', amount: overtime },
    { label: '通勤手当（非課税）', amount: 12_480 },
  ].filter((l) => l.amount > 0);
  const gross = payments.reduce((sum, l) => sum + l.amount, 0);
  const deductions = [
    { label: '健康保険', amount: round(base * 0.05) },
    { label: '厚生年金', amount: round(base * 0.0915) },
    { label: '雇用保険', amount: round(gross * 0.006) },
    { label: '所得税', amount: round(gross * 0.03, 10) },
    { label: '住民税', amount: round(base * 0.06, 100) },
  ];
  const body: TPaymentSlipBody = {
    payments,
    deductions,
    attendance: [
      { label: '出勤日数', value: `${workDays} 日` },
      { label: '有給取得日数', value: `${(seed + month) % 3 === 0 ? 1 : 0} 日` },
      { label: '欠勤日数', value: '0 日' },
      { label: '時間外労働', value: `${overtimeHours}:00` },
    ],
  };
  const netPay = gross - deductions.reduce((sum, l) => sum + l.amount, 0);
  return { body, netPay, gross };
}

function baseSalary(joinDate: string | null, index: number, year: number): number {
  const service = joinDate ? Math.max(0, year - Number(joinDate.slice(0, 4))) : 0;
  return 220_000 + Math.min(service, 30) * 6_000 + (index % 5) * 2_000;
}

export async function seedDemoSlips(tx: Db, now: Date): Promise<void> {
  const today = tokyoDate(now);
  const people = await tx
    .select({ id: employees.id, joinDate: employees.joinDate })
    .from(employees)
    .orderBy(employees.id);
  // The twelve paydays on or before today, newest first.
  const months: { year: number; month: number }[] = [];
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  if (Number(today.slice(8, 10)) < PAYDAY) month -= 1;
  while (months.length < 12) {
    if (month < 1) {
      month = 12;
      year -= 1;
    }
    months.push({ year, month });
    month -= 1;
  }
  const lastYear = Number(today.slice(0, 4)) - 1;
  const slipRows = [];
  const withholdingRows = [];
  for (const [index, person] of people.entries()) {
    if (person.joinDate && person.joinDate > today) continue;
    for (const m of months) {
      if (person.joinDate && `${m.year}-${String(m.month).padStart(2, '0')}-${PAYDAY}` < person.joinDate)
        continue;
      const { body, netPay } = demoPaymentSlip(
        baseSalary(person.joinDate, index, m.year),
        m.year,
        m.month,
        index,
      );
      slipRows.push({
        employeeId: person.id,
        year: m.year,
        month: m.month,
        kind: 'salary' as const,
        issuedOn: `${m.year}-${String(m.month).padStart(2, '0')}-${PAYDAY}`,
        netPay,
        body,
      });
    }
    if (person.joinDate && person.joinDate > `${lastYear}-01-01`) continue;
    const base = baseSalary(person.joinDate, index, lastYear);
    const payment = base * 12 + 15_000 * 12 + base * 2;
    const afterDeduction = round(payment * 0.8 - 440_000, 1000);
    const social = round(base * 0.147 * 12);
    const withholding: TWithholdingSlipBody = {
      payment_amount: payment,
      income_after_deduction: afterDeduction,
      total_deductions: social + 480_000,
      withholding_tax: round(Math.max(0, afterDeduction - social - 480_000) * 0.05 * 1.021, 100),
      social_insurance: social,
      life_insurance: 40_000,
      earthquake_insurance: 0,
      housing_loan: 0,
      spouse_deduction: 0,
      dependents: 0,
      remarks: '',
    };
    withholdingRows.push({
      employeeId: person.id,
      year: lastYear,
      issuedOn: `${lastYear + 1}-01-20`,
      body: withholding,
    });
  }
  const uploadOf = async (
    kind: 'salary' | 'withholding',
    period: { year: number; month: number | null },
    paidOn: string,
    rows: number,
  ) => {
    const name =
      kind === 'salary'
        ? `給与明細_${period.year}${String(period.month).padStart(2, '0')}.csv`
        : `源泉徴収票_${period.year}.csv`;
    // On its payday, or at the seeding moment when that is still ahead (January's withholding slip).
    const publishAt = new Date(Math.min(Date.parse(`${paidOn}T09:00:00+09:00`), now.getTime()));
    const [upload] = await tx
      .insert(slipUploads)
      .values({
        kind,
        year: period.year,
        month: period.month,
        paidOn,
        fileName: name,
        fileSha256: createHash('sha256').update(name).digest('hex'),
        rowCount: rows,
        createdBy: null,
        createdAt: new Date(publishAt.getTime() - 3 * 24 * 3600_000),
        publishAt,
        notifiedAt: publishAt,
      })
      .returning({ id: slipUploads.id });
    return upload!.id;
  };
  for (const m of months) {
    const issuedOn = `${m.year}-${String(m.month).padStart(2, '0')}-${PAYDAY}`;
    const rows = slipRows.filter((r) => r.year === m.year && r.month === m.month);
    if (rows.length === 0) continue;
    const uploadId = await uploadOf('salary', m, issuedOn, rows.length);
    await tx.insert(paymentSlips).values(rows.map((r) => ({ ...r, uploadId })));
  }
  if (withholdingRows.length > 0) {
    const uploadId = await uploadOf(
      'withholding',
      { year: lastYear, month: null },
      `${lastYear + 1}-01-20`,
      withholdingRows.length,
    );
    await tx.insert(withholdingSlips).values(withholdingRows.map((r) => ({ ...r, uploadId })));
  }
}
