// Reading an upload of slips (issue 29): the file as a table (files/table-file.ts), its header against
// the layout of its kind, and every data row checked, each error at its line (header = 1) and column.
// Pure: the employees the rows name are handed in, so check and issue run the same code on what the
// database holds at that moment.
import type { PAYSLIP_ITEM_SECTIONS } from '@portal/shared/contracts/uploads';
import {
  PAYSLIP_TOTAL_COLUMNS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_ROWS,
  UPLOAD_MSG,
  type TUploadError,
  type TUploadKind,
} from '@portal/shared/contracts/uploads';
import {
  WITHHOLDING_LABELS,
  type TPaymentSlipBody,
  type TWithholdingSlipBody,
} from '@portal/shared/contracts/slips';
import { ValidationError } from '../../errors.ts';
import { readTableFile } from '../../files/table-file.ts';

const yen = (n: number) => n.toLocaleString('en-US');

export const UPLOAD_FILE_MSG = {
  unreadable: 'CSV（UTF-8 または Shift_JIS）か Excel（.xlsx, .xlsm）のファイルを選択してください。',
  empty: 'ファイルにデータの行がありません。',
  tooMany: `1 ファイルに載せられるのは ${UPLOAD_MAX_ROWS.toLocaleString('en-US')} 行までです。`,
  headerUnknown: (label: string) => `1 行目の見出し「${label}」はこの種類のレイアウトにありません。`,
  headerMissing: (label: string) => `1 行目に見出し「${label}」がありません。`,
  headerOrder: (labels: readonly string[]) => `1 行目の見出しは「${labels.join('、')}」の順にしてください。`,
  headerRepeated: (label: string) => `1 行目の見出し「${label}」が重複しています。`,
  required: (label: string) => `${label} は必須項目です。`,
  unknownCode: (code: string) => `社員番号「${code}」の社員がいません。`,
  repeatedCode: (row: number) => `社員番号 が ${row} 行目と重複しています。`,
  nameMismatch: (name: string) =>
    `氏名 が社員マスタの氏名（${name}）と一致しません。行がずれていないか確認してください。`,
  notInteger: (label: string) => `${label} は円単位の整数で入力してください。`,
  tooLarge: (label: string) => `${label} は ±999,999,999 の範囲で入力してください。`,
  textTooLong: (label: string, max: number) => `${label} は ${max} 文字以下にしてください。`,
  totalPayment: (sum: number) => `支給合計 が 支給項目の合計（${yen(sum)}）と一致しません。`,
  totalDeduction: (sum: number) => `控除合計 が 控除項目の合計（${yen(sum)}）と一致しません。`,
  netPay: (net: number) => `差引支給額 が 支給合計 − 控除合計（${yen(net)}）と一致しません。`,
  myNumber:
    'マイナンバー（個人番号）と思われる 12 桁の数字があります。本人に交付する源泉徴収票には記載できません。',
  hasErrors: 'エラーのある行があるため発行できません。もう一度確認してください。',
} as const;

/** One data row as read: its line and its cells by column index. */
export interface TableRow {
  readonly row: number;
  readonly cells: readonly string[];
}

export interface UploadTable {
  readonly columns: string[];
  readonly rows: TableRow[];
}

/** Reads the file (base64) into its header and data rows; 400 at `content` for anything unreadable. */
export async function readUploadTable(fileName: string, content: string): Promise<UploadTable> {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length === 0) throw ValidationError.field('content', UPLOAD_MSG.fileRequired);
  if (bytes.length > UPLOAD_MAX_BYTES) throw ValidationError.field('content', UPLOAD_MSG.fileTooLarge);
  const table = await readTableFile(fileName, bytes, {
    field: 'content',
    maxRows: UPLOAD_MAX_ROWS + 1,
    workbook: ['.xlsx', '.xlsm'],
    csv: ['.csv'],
    messages: { unreadable: UPLOAD_FILE_MSG.unreadable, tooManyRows: UPLOAD_FILE_MSG.tooMany },
  });
  const columns = [...(table[0] ?? [])];
  while (columns.length > 0 && columns[columns.length - 1] === '') columns.pop();
  const rows = table
    .map((cells, index) => ({ row: index + 1, cells: cells.slice(0, Math.max(columns.length, 1)) }))
    .slice(1)
    .filter(({ cells }) => cells.some((c) => c !== ''))
    .map(({ row, cells }) => ({ row, cells: columns.map((_, i) => cells[i] ?? '') }));
  if (columns.length === 0 || rows.length === 0)
    throw ValidationError.field('content', UPLOAD_FILE_MSG.empty);
  if (rows.length > UPLOAD_MAX_ROWS) throw ValidationError.field('content', UPLOAD_FILE_MSG.tooMany);
  return { columns, rows };
}

// ---- the layout --------------------------------------------------------------------------------

type Section = (typeof PAYSLIP_ITEM_SECTIONS)[number];

/** Where each column of a payslip file goes. */
export interface PayslipLayout {
  readonly kind: 'payslip';
  readonly items: readonly { index: number; section: Section; label: string }[];
  readonly totals: { payment: number; deduction: number; net: number };
  readonly remarks: number | null;
}

export interface WithholdingLayout {
  readonly kind: 'withholding';
}

export type Layout = PayslipLayout | WithholdingLayout;

const ITEM = /^(支給|控除|勤怠)[:：]\s*(.+)$/;

function headerError(message: string): ValidationError {
  return ValidationError.field('content', message);
}

/** The layout the header names, or 400 at `content` naming the first header that does not fit. */
export function layoutOf(kind: TUploadKind, columns: readonly string[]): Layout {
  const seen = new Set<string>();
  for (const label of columns) {
    if (label !== '' && seen.has(label)) throw headerError(UPLOAD_FILE_MSG.headerRepeated(label));
    seen.add(label);
  }
  for (const [i, label] of ['社員番号', '氏名'].entries())
    if (columns[i] !== label)
      throw headerError(
        columns.includes(label)
          ? UPLOAD_FILE_MSG.headerOrder(['社員番号', '氏名'])
          : UPLOAD_FILE_MSG.headerMissing(label),
      );
  if (kind === 'withholding') {
    const expected = ['社員番号', '氏名', ...WITHHOLDING_LABELS.map(([, label]) => label)];
    const unknown = columns.find((c) => !expected.includes(c));
    if (unknown !== undefined) throw headerError(UPLOAD_FILE_MSG.headerUnknown(unknown || '（空欄）'));
    const missing = expected.find((c) => !columns.includes(c));
    if (missing !== undefined) throw headerError(UPLOAD_FILE_MSG.headerMissing(missing));
    if (columns.some((c, i) => c !== expected[i])) throw headerError(UPLOAD_FILE_MSG.headerOrder(expected));
    return { kind: 'withholding' };
  }
  const items: { index: number; section: Section; label: string }[] = [];
  const totals: Partial<Record<(typeof PAYSLIP_TOTAL_COLUMNS)[number], number>> = {};
  let remarks: number | null = null;
  for (let index = 2; index < columns.length; index++) {
    const label = columns[index]!;
    const item = ITEM.exec(label);
    const total = (PAYSLIP_TOTAL_COLUMNS as readonly string[]).indexOf(label);
    if (item && Object.keys(totals).length === 0)
      items.push({ index, section: item[1] as Section, label: item[2]!.trim() });
    else if (total >= 0 && Object.keys(totals).length === total)
      totals[PAYSLIP_TOTAL_COLUMNS[total]!] = index;
    else if (label === '備考' && index === columns.length - 1 && Object.keys(totals).length === 3)
      remarks = index;
    else if (item || total >= 0 || label === '備考')
      throw headerError(
        UPLOAD_FILE_MSG.headerOrder([
          '社員番号',
          '氏名',
          '支給:…',
          '控除:…',
          '勤怠:…',
          ...PAYSLIP_TOTAL_COLUMNS,
          '備考',
        ]),
      );
    else throw headerError(UPLOAD_FILE_MSG.headerUnknown(label || '（空欄）'));
  }
  const missing = PAYSLIP_TOTAL_COLUMNS.find((label) => totals[label] === undefined);
  if (missing !== undefined) throw headerError(UPLOAD_FILE_MSG.headerMissing(missing));
  return {
    kind: 'payslip',
    items,
    totals: { payment: totals['支給合計']!, deduction: totals['控除合計']!, net: totals['差引支給額']! },
    remarks,
  };
}

// ---- the cells ---------------------------------------------------------------------------------

const AMOUNT_MAX = 999_999_999;

/**
 * A whole-yen amount as people write it: `1,234`, `￥1,234`, `1234円`, full-width digits, a minus
 * (−, －, ▲, △) for a refund; null when it is not one.
 */
export function parseYen(text: string): number | null {
  const s = text
    .normalize('NFKC')
    .replace(/\s/g, '')
    .replace(/^[▲△−‐-]/, '-')
    .replace(/^(-?)[¥\\]/, '$1')
    .replace(/円$/, '');
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)$/.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** 12 digits alone, or as 4-4-4 with spaces or hyphens: a My Number (個人番号). */
const MY_NUMBER = /(?<!\d)\d{4}[\s\-‐－ー]?\d{4}[\s\-‐－ー]?\d{4}(?!\d)/;

export function looksLikeMyNumber(text: string): boolean {
  return MY_NUMBER.test(text.normalize('NFKC'));
}

/** Names compared as people type them: width, spaces and the 旧字 forms NFKC folds ignored. */
export function sameName(a: string, b: string): boolean {
  const fold = (s: string) => s.normalize('NFKC').replace(/\s/g, '');
  return fold(a) === fold(b);
}

export interface MasterEmployee {
  readonly id: number;
  readonly userId: number | null;
  readonly code: string;
  readonly name: string;
}

export type SlipValue =
  | {
      readonly kind: 'payslip';
      readonly body: TPaymentSlipBody;
      readonly netPay: number;
      readonly totalPayment: number;
      readonly totalDeduction: number;
    }
  | { readonly kind: 'withholding'; readonly body: TWithholdingSlipBody };

export interface CheckedRow {
  readonly row: number;
  readonly employee: MasterEmployee;
  readonly value: SlipValue;
}

export interface RowCheck {
  readonly errors: TUploadError[];
  /** The rows without an error, each with its employee. */
  readonly valid: CheckedRow[];
  /** Rows whose 社員番号 names an employee (errors or not). */
  readonly matched: number;
}

const TEXT_MAX = 200;

/** Checks every row against the layout and the employees by 社員番号. */
export function checkRows(
  table: UploadTable,
  layout: Layout,
  byCode: ReadonlyMap<string, MasterEmployee>,
): RowCheck {
  const errors: TUploadError[] = [];
  const valid: CheckedRow[] = [];
  const firstLine = new Map<string, number>();
  let matched = 0;
  for (const { row, cells } of table.rows) {
    const rowErrors: TUploadError[] = [];
    const add = (index: number | null, message: string) => {
      const column = index === null ? null : (table.columns[index] ?? null);
      if (!rowErrors.some((e) => e.column === column)) rowErrors.push({ row, column, message });
    };
    const code = cells[0]!.normalize('NFKC').trim();
    const employee = byCode.get(code);
    if (code === '') add(0, UPLOAD_FILE_MSG.required('社員番号'));
    else if (!employee) add(0, UPLOAD_FILE_MSG.unknownCode(code));
    else {
      matched++;
      const first = firstLine.get(code);
      if (first !== undefined) add(0, UPLOAD_FILE_MSG.repeatedCode(first));
      else firstLine.set(code, row);
      if (!sameName(cells[1]!, employee.name)) add(1, UPLOAD_FILE_MSG.nameMismatch(employee.name));
    }
    const amount = (index: number, required: boolean): number | null => {
      const text = cells[index]!;
      const label = table.columns[index]!;
      if (text === '') {
        if (required) add(index, UPLOAD_FILE_MSG.required(label));
        return null;
      }
      const n = parseYen(text);
      if (n === null) add(index, UPLOAD_FILE_MSG.notInteger(label));
      else if (Math.abs(n) > AMOUNT_MAX) add(index, UPLOAD_FILE_MSG.tooLarge(label));
      else return n;
      return null;
    };
    const text = (index: number): string => {
      const value = cells[index]!;
      if (value.length > TEXT_MAX) add(index, UPLOAD_FILE_MSG.textTooLong(table.columns[index]!, TEXT_MAX));
      return value;
    };
    let value: SlipValue | null = null;
    if (layout.kind === 'payslip') {
      const body: TPaymentSlipBody = { payments: [], deductions: [], attendance: [] };
      for (const item of layout.items) {
        if (item.section === '勤怠') {
          const v = text(item.index);
          if (v !== '') body.attendance.push({ label: item.label, value: v });
          continue;
        }
        const n = amount(item.index, false);
        if (n !== null)
          (item.section === '支給' ? body.payments : body.deductions).push({ label: item.label, amount: n });
      }
      const totalPayment = amount(layout.totals.payment, true);
      const totalDeduction = amount(layout.totals.deduction, true);
      const netPay = amount(layout.totals.net, true);
      const paid = body.payments.reduce((s, l) => s + l.amount, 0);
      const deducted = body.deductions.reduce((s, l) => s + l.amount, 0);
      if (totalPayment !== null && totalPayment !== paid)
        add(layout.totals.payment, UPLOAD_FILE_MSG.totalPayment(paid));
      if (totalDeduction !== null && totalDeduction !== deducted)
        add(layout.totals.deduction, UPLOAD_FILE_MSG.totalDeduction(deducted));
      if (
        totalPayment !== null &&
        totalDeduction !== null &&
        netPay !== null &&
        netPay !== totalPayment - totalDeduction
      )
        add(layout.totals.net, UPLOAD_FILE_MSG.netPay(totalPayment - totalDeduction));
      if (layout.remarks !== null) {
        const remarks = text(layout.remarks);
        if (remarks !== '') body.remarks = remarks;
      }
      if (totalPayment !== null && totalDeduction !== null && netPay !== null)
        value = { kind: 'payslip', body, netPay, totalPayment, totalDeduction };
    } else {
      // A 源泉徴収票 goes to the employee: no cell may carry a My Number (番号法 §19).
      cells.forEach((cell, index) => {
        if (index > 0 && looksLikeMyNumber(cell)) add(index, UPLOAD_FILE_MSG.myNumber);
      });
      const figures: Record<string, number | string> = {};
      WITHHOLDING_LABELS.forEach(([key], i) => {
        const index = i + 2;
        if (key === 'remarks') figures[key] = text(index);
        else figures[key] = amount(index, false) ?? 0;
      });
      value = { kind: 'withholding', body: figures as unknown as TWithholdingSlipBody };
    }
    errors.push(...rowErrors);
    if (rowErrors.length === 0 && employee && value) valid.push({ row, employee, value });
  }
  return { errors, valid, matched };
}
