// A month as PDF (pdfkit) for /attendance/pdf: the merged daily table, the totals and the remark, in
// the Japanese face of pdf-font.ts (docs/decisions.md).
import PDFDocument from 'pdfkit';
import { ATTENDANCE_DAY_HEADERS as H, ATTENDANCE_TOTAL_LABELS } from '@portal/shared/contracts/attendance';
import { requireJapaneseFont } from '../../pdf-font.ts';
import { hoursMinutes, mergedRows } from './month-rows.ts';
import type { MonthSheetInput } from './workbook.ts';

const COLUMNS = [
  { header: H.day, width: 28 },
  { header: H.weekday, width: 30 },
  { header: H.secondType, width: 62 },
  { header: H.firstType, width: 62 },
  { header: H.clockIn, width: 48 },
  { header: H.clockOut, width: 48 },
  { header: H.basicTime, width: 56 },
  { header: H.stepOut, width: 56 },
  { header: H.total, width: 56 },
] as const;

export async function monthPdf(input: MonthSheetInput & { basicDays: number }): Promise<Buffer> {
  const font = await requireJapaneseFont();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `${input.year}年${input.month}月 勤怠表` },
  });
  doc.registerFont('jp', font.data, font.family);
  doc.font('jp');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(14).text(`${input.year}年${input.month}月 勤怠表（所定労働日数 ${input.basicDays} 日）`);
  doc.fontSize(10).text(`${input.employee.name}（${input.employee.code}）`);
  doc.moveDown(0.5);

  const left = doc.page.margins.left;
  const rowHeight = 14;
  let y = doc.y;
  const columnWidths = COLUMNS.map((c) => c.width);
  const line = (cells: readonly string[], widths: readonly number[] = columnWidths) => {
    if (y + rowHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    let x = left;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 120;
      doc.text(cell, x, y, { width: width - 4, lineBreak: false, ellipsis: true });
      x += width;
    });
    y += rowHeight;
  };

  doc.fontSize(8);
  line(COLUMNS.map((c) => c.header));
  for (const row of mergedRows(input.year, input.month, input.data, input.result)) {
    const f = row.figures && !row.figures.error ? row.figures : null;
    line([
      String(row.day),
      row.weekday,
      row.secondTypeName,
      row.firstTypeName,
      row.start,
      row.end,
      f ? hoursMinutes(f.basic_time) : '',
      f ? hoursMinutes(f.step_out_time) : '',
      f ? hoursMinutes(f.total_time) : '',
    ]);
  }
  y += rowHeight / 2;
  const totals = input.result.merged.totals;
  for (const item of ATTENDANCE_TOTAL_LABELS) {
    const value = item.unit === 'minutes' ? hoursMinutes(totals[item.key]) : `${totals[item.key]} 日`;
    line([item.label, value], [160, 80]);
  }
  if (input.data.remark) {
    y += rowHeight / 2;
    doc.text(`備考：${input.data.remark}`, left, y, { width: doc.page.width - left * 2 });
  }
  doc.end();
  return done;
}
