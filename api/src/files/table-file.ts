// An uploaded table, as every import reads it: an .xlsx (.xlsm) workbook's first sheet
// (xlsx-reader.ts, within its limits) or a CSV (csv.ts: UTF-8 with or without a BOM, else
// Shift_JIS), as rows of text cells, trimmed, a leading BOM dropped. Refused with 400 at `field`.
import { ValidationError } from '../errors.ts';
import { decodeCsv, parseCsv } from './csv.ts';
import { readXlsxTable } from './xlsx-reader.ts';

export interface TableFileOptions {
  /** The request field the file came in. */
  readonly field: string;
  /** The last row a sheet may use, the header's included. */
  readonly maxRows: number;
  readonly maxColumns?: number;
  /** Extensions taken as a workbook and as CSV (lower case, with the dot). */
  readonly workbook: readonly string[];
  readonly csv: readonly string[];
  readonly messages: { readonly unreadable: string; readonly tooManyRows: string };
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Every row of the file (row r at index r - 1), each cell trimmed. */
export async function readTableFile(
  fileName: string,
  bytes: Buffer,
  options: TableFileOptions,
): Promise<string[][]> {
  const lower = fileName.toLowerCase();
  const unreadable = () => ValidationError.field(options.field, options.messages.unreadable);
  let table: string[][];
  if (isZip(bytes)) {
    if (!options.workbook.some((ext) => lower.endsWith(ext))) throw unreadable();
    table = await readXlsxTable(bytes, {
      field: options.field,
      maxRows: options.maxRows,
      ...(options.maxColumns === undefined ? {} : { maxColumns: options.maxColumns }),
      messages: options.messages,
    });
  } else {
    if (!options.csv.some((ext) => lower.endsWith(ext))) throw unreadable();
    const text = decodeCsv(bytes);
    if (text.includes('\u0000')) throw unreadable();
    table = parseCsv(text);
  }
  return table.map((cells) => cells.map((c) => c.replace(/^\uFEFF/, '').trim()));
}
