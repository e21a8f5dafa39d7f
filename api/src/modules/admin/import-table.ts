// The console's bulk imports (社員 in people-import.ts, 資材 in assets/asset-import.ts) read their file
// alike: CSV (UTF-8 with or without a BOM, or Shift_JIS/CP932) or xlsx, base64 in the body, a header
// row that must be the import's labels in order, at most `maxRows` data rows. Their check answers a
// preview whose token (sha256 of the rows as read) confirm must send back with the same file.
import { createHash } from 'node:crypto';
import type { TImportError } from '@portal/shared/contracts/admin-import';
import { unquoteFormula } from '../../files/csv.ts';
import { readTableFile } from '../../files/table-file.ts';
import { ValidationError } from '../../errors.ts';

export const IMPORT_FILE_MSG = {
  unreadable: 'CSV（UTF-8 または Shift_JIS）か Excel（.xlsx）のファイルを選択してください。',
  empty: 'ファイルにデータの行がありません。',
  header: (labels: readonly string[]) =>
    `1 行目の見出しが違います。見出しは「${labels.join('、')}」の順にしてください。`,
  tooMany: (max: number) => `1 ファイルに取り込めるのは ${max} 行までです。`,
  stale: '確認したときとファイルの内容が違います。もう一度確認してから取り込んでください。',
  hasErrors: 'エラーのある行があるため取り込めません。もう一度確認してください。',
  duplicateInFile: (label: string, row: number) => `${label} が ${row} 行目と重複しています。`,
} as const;

export interface ImportRow<C extends string> {
  /** The line of the file (the header is line 1). */
  row: number;
  cells: Record<C, string>;
}

/** The data rows of the file by header label; refused (400 at `content`) as IMPORT_FILE_MSG says. */
export async function readImportTable<C extends string>(
  fileName: string,
  content: string,
  labels: readonly C[],
  maxRows: number,
): Promise<ImportRow<C>[]> {
  const bytes = Buffer.from(content, 'base64');
  const tooMany = IMPORT_FILE_MSG.tooMany(maxRows);
  if (bytes.length === 0) throw ValidationError.field('content', IMPORT_FILE_MSG.empty);
  const trimmed = await readTableFile(fileName, bytes, {
    field: 'content',
    maxRows: maxRows + 1, // the header's row and the data's
    workbook: ['.xlsx'],
    csv: ['.csv', '.txt'],
    messages: { unreadable: IMPORT_FILE_MSG.unreadable, tooManyRows: tooMany },
  });
  const header = trimmed[0]?.filter((c, i) => c !== '' || i < labels.length) ?? [];
  while (header.length > labels.length && header[header.length - 1] === '') header.pop();
  if (header.length !== labels.length || header.some((h, i) => h !== labels[i]))
    throw ValidationError.field('content', IMPORT_FILE_MSG.header(labels));
  const rows = trimmed
    .map((cells, index) => ({ line: index + 1, cells }))
    .slice(1)
    .filter(({ cells }) => cells.some((c) => c !== ''));
  if (rows.length === 0) throw ValidationError.field('content', IMPORT_FILE_MSG.empty);
  if (rows.length > maxRows) throw ValidationError.field('content', tooMany);
  return rows.map(({ line, cells }) => ({
    row: line,
    // An export quotes formula-looking cells away with a leading ': read them back as written.
    cells: Object.fromEntries(labels.map((label, i) => [label, unquoteFormula(cells[i] ?? '')])) as Record<
      C,
      string
    >,
  }));
}

/** What confirm must send back: the rows as check read them. */
export const importToken = (table: readonly ImportRow<string>[]) =>
  createHash('sha256').update(JSON.stringify(table)).digest('hex');

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026/4/1 and 2026-4-1 as 2026-04-01; anything else as written, for the date check to refuse. */
export function normalDate(text: string): string {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : text;
}

/** 9:00 and 09:00:00 as 09:00. */
export function normalTime(text: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text);
  return m ? `${pad(Number(m[1]))}:${m[2]}` : text;
}

/**
 * A duplicate finder over the rows in order: it answers the line where a key was first seen, or null
 * for a key's first row (which stays valid) and for an empty key.
 */
export function firstSeen<C extends string>(key: (cells: Record<C, string>) => string) {
  const seen = new Map<string, number>();
  return (row: number, cells: Record<C, string>): number | null => {
    const k = key(cells);
    if (k === '') return null;
    const first = seen.get(k);
    if (first === undefined) seen.set(k, row);
    return first ?? null;
  };
}

/** One error a cell, the first found; whole-row errors (column null) all kept. */
export function addUnlessCellHasOne<C extends string>(
  errors: TImportError<C>[],
  error: TImportError<C>,
): void {
  if (error.column === null || !errors.some((e) => e.row === error.row && e.column === error.column))
    errors.push(error);
}
