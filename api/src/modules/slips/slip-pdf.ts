// A payslip (給与明細: 支給, 控除, 勤怠, 差引支給額) and a withholding slip (源泉徴収票) as A4 PDF, in
// the Japanese face of pdf-font.ts.
import PDFDocument from 'pdfkit';
import { WITHHOLDING_LABELS, type TPaymentSlip, type TWithholdingSlip } from '@portal/shared/contracts/slips';
import { requireJapaneseFont } from '../../pdf-font.ts';

export function yen(amount: number): string {
  return `${amount.toLocaleString('ja-JP')} 円`;
}

async function pdfDocument(title: string) {
  const font = await requireJapaneseFont();
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title } });
  doc.registerFont('jp', font.data, font.family);
  doc.font('jp');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

type Doc = PDFKit.PDFDocument;

/** A boxed table of label and value rows under a heading; returns the y below it. */
function table(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  heading: string,
  rows: [string, string][],
): number {
  const rowHeight = 20;
  doc.rect(x, y, width, rowHeight).fillAndStroke('#e8eef6', '#555');
  doc
    .fillColor('#000')
    .fontSize(10)
    .text(heading, x + 6, y + 5, { width: width - 12 });
  let top = y + rowHeight;
  for (const [label, value] of rows) {
    doc.rect(x, top, width, rowHeight).stroke('#555');
    doc.text(label, x + 6, top + 5, { width: width / 2 - 6, lineBreak: false, ellipsis: true });
    doc.text(value, x + width / 2, top + 5, { width: width / 2 - 6, align: 'right', lineBreak: false });
    top += rowHeight;
  }
  return top;
}

function header(
  doc: Doc,
  title: string,
  slip: { issued_on: string; employee: { code: string; name: string } },
) {
  doc.fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.5);
  doc.fontSize(10).text(`${slip.employee.name} 様（社員番号 ${slip.employee.code}）`);
  doc.text(`発行日 ${slip.issued_on}`);
  doc.moveDown(0.5);
}

function drawPaymentSlip(doc: Doc, slip: TPaymentSlip): void {
  header(doc, slip.title, slip);
  const left = doc.page.margins.left;
  const width = doc.page.width - left * 2;
  const half = (width - 12) / 2;
  const top = doc.y;
  const paid = table(doc, left, top, half, '支給', [
    ...slip.payments.map((l): [string, string] => [l.label, yen(l.amount)]),
    ['総支給額', yen(slip.total_payment)],
  ]);
  const deducted = table(doc, left + half + 12, top, half, '控除', [
    ...slip.deductions.map((l): [string, string] => [l.label, yen(l.amount)]),
    ['控除合計', yen(slip.total_deduction)],
  ]);
  const below = Math.max(paid, deducted) + 16;
  const attended = table(
    doc,
    left,
    below,
    width,
    '勤怠',
    slip.attendance.map((l): [string, string] => [l.label, l.value]),
  );
  const netTop = attended + 16;
  doc.rect(left, netTop, width, 32).lineWidth(1.5).stroke('#000');
  doc.fontSize(14).text('差引支給額', left + 10, netTop + 9);
  doc.text(yen(slip.net_pay), left + width / 2, netTop + 9, { width: width / 2 - 10, align: 'right' });
  if (slip.remarks) doc.fontSize(10).text(`備考: ${slip.remarks}`, left, netTop + 44, { width });
}

function drawWithholdingSlip(doc: Doc, slip: TWithholdingSlip): void {
  header(doc, slip.title, slip);
  const left = doc.page.margins.left;
  const width = doc.page.width - left * 2;
  table(
    doc,
    left,
    doc.y,
    width,
    '給与・賞与',
    WITHHOLDING_LABELS.map(([key, label]): [string, string] => {
      const value = slip[key];
      if (key === 'dependents') return [label, `${value} 人`];
      return [label, typeof value === 'number' ? yen(value) : value || '—'];
    }),
  );
}

export async function paymentSlipPdf(slip: TPaymentSlip): Promise<Buffer> {
  const { doc, done } = await pdfDocument(slip.title);
  drawPaymentSlip(doc, slip);
  doc.end();
  return done;
}

export async function withholdingSlipPdf(slip: TWithholdingSlip): Promise<Buffer> {
  const { doc, done } = await pdfDocument(slip.title);
  drawWithholdingSlip(doc, slip);
  doc.end();
  return done;
}

export type PrintedSlip =
  { kind: 'payment'; slip: TPaymentSlip } | { kind: 'withholding'; slip: TWithholdingSlip };

/** Many slips in one PDF, one page each, for printing (the paper recipients of an upload). */
export async function slipsPdf(title: string, slips: readonly PrintedSlip[]): Promise<Buffer> {
  const { doc, done } = await pdfDocument(title);
  slips.forEach((printed, i) => {
    if (i > 0) doc.addPage();
    if (printed.kind === 'payment') drawPaymentSlip(doc, printed.slip);
    else drawWithholdingSlip(doc, printed.slip);
  });
  if (slips.length === 0) doc.fontSize(12).text('書面で交付する社員はいません。');
  doc.end();
  return done;
}
