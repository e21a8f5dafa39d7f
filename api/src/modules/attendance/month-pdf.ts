// A month as PDF (pdfkit) for /attendance/pdf: the merged daily table, the totals and the remark, in
// Noto Sans CJK JP from the system's fonts-noto-cjk package (docs/decisions.md). Without that font
// the call answers 503 with a message naming the package, rather than a PDF of empty boxes.
import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import { ATTENDANCE_DAY_HEADERS as H, ATTENDANCE_TOTAL_LABELS } from '@portal/shared/contracts/attendance';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { ApiError } from '../../errors.ts';
import { hoursMinutes, mergedRows } from './month-rows.ts';
import type { MonthSheetInput } from './workbook.ts';

/** Where Debian/Ubuntu (fonts-noto-cjk), Fedora and Arch put the Japanese face; first found wins. */
const FONT_CANDIDATES = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf', family: undefined },
] as const;

export class PdfFontMissing extends ApiError {
  readonly status = 503;
  readonly code = 'server_error';
  constructor() {
    super(ATTENDANCE_MSG.pdfFontMissing);
  }
}

interface LoadedFont {
  readonly data: Buffer;
  readonly family: string | undefined;
}

let fontPromise: Promise<LoadedFont | null> | null = null;

/** The font file, read once per process (it is ~20 MB; pdfkit embeds only the glyphs used). */
function loadFont(): Promise<LoadedFont | null> {
  fontPromise ??= (async () => {
    for (const candidate of FONT_CANDIDATES) {
      try {
        return { data: await readFile(candidate.path), family: candidate.family };
      } catch {
        // try the next place
      }
    }
    return null;
  })();
  return fontPromise;
}

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
  const font = await loadFont();
  if (!font) throw new PdfFontMissing();
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
