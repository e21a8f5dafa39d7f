// One employee's 年次有給休暇管理簿 for a year as PDF (pdfkit), in the Japanese face of pdf-font.ts that
// the attendance and slip PDFs use.
import PDFDocument from 'pdfkit';
import { requireJapaneseFont } from '../../pdf-font.ts';
import type { TRegisterRow } from './paid-leave-register.ts';

export async function registerPdf(year: number, rows: readonly TRegisterRow[]): Promise<Buffer> {
  const font = await requireJapaneseFont();
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `年次有給休暇管理簿 ${year}年` } });
  doc.registerFont('jp', font.data, font.family);
  doc.font('jp');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const head = rows[0];
  doc.fontSize(16).text(`年次有給休暇管理簿 ${year}年`);
  if (head) doc.fontSize(11).text(`${head.name}（社員番号 ${head.code}）`);
  doc.moveDown();
  for (const row of rows) {
    doc.fontSize(11).text(`基準日：${row.granted_on ?? '付与なし'}`);
    doc.text(`付与日数：${row.granted_days === null ? '—' : `${row.granted_days} 日`}`);
    doc.text(`取得日数：${row.taken_days} 日`);
    doc.text('取得日：');
    for (const date of row.dates.length ? row.dates : ['なし']) doc.text(`・${date}`);
    doc.moveDown();
  }
  doc.fontSize(9).text('労働基準法施行規則 第24条の7 により作成し、5年間（当分の間 3年間）保存します。');
  doc.end();
  return done;
}
