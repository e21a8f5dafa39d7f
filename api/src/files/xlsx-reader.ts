// Reads an uploaded .xlsx within limits, for every import (people now, slips later). ExcelJS inflates
// every part of the archive into one string and builds what the sheets declare, so a 2 KB file can
// hold a 1 GiB part or a cell at row 1,048,576 (issue 32). Before ExcelJS touches the bytes, each
// part is inflated as a stream with a byte budget (the size the archive declares is not trusted) and
// every worksheet part is read with the XML parser ExcelJS uses, so a dimension, a row or a cell
// beyond the caller's limits is refused while only a few kilobytes of it have been read. Only then
// does ExcelJS load the file, and only the rows and cells that exist are turned into text.
//
// The archive is opened with JSZip, the library ExcelJS opens it with, so both see the same parts.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { PayloadTooLarge, ValidationError } from '../errors.ts';

/** The largest a part of the archive may inflate to (a 2,000-row, 20-column sheet is about 2 MB). */
export const XLSX_PART_MAX_BYTES = 8 * 1024 * 1024;
/** All parts together. */
export const XLSX_TOTAL_MAX_BYTES = 32 * 1024 * 1024;
/** Parts an archive may hold (Excel writes about a dozen, plus a few per sheet). */
export const XLSX_MAX_PARTS = 1_000;
/** Excel's own last column (XFD). */
const EXCEL_MAX_COLUMNS = 16_384;
/** Unless the caller says otherwise: IV, Excel 2003's last column, far beyond any import's layout. */
export const XLSX_DEFAULT_MAX_COLUMNS = 256;
/**
 * Cells that merged ranges (per sheet) and defined names (per workbook) may cover, and how many
 * merged ranges a sheet may hold: ExcelJS fills every cell of each, and checks each merge against
 * every other one.
 */
export const XLSX_MAX_RANGE_CELLS = 100_000;
export const XLSX_MAX_MERGES = 5_000;

export const XLSX_MSG = {
  unreadable: 'Excel（.xlsx）のファイルとして読み取れません。',
  tooLarge: `展開すると大きすぎるファイルです（1 つの部分につき ${XLSX_PART_MAX_BYTES / 1024 / 1024} MB、合計 ${XLSX_TOTAL_MAX_BYTES / 1024 / 1024} MB まで）。`,
  tooManyParts: `ファイルの中の部品が多すぎます（${XLSX_MAX_PARTS} 個まで）。`,
  tooManyRows: (max: number) => `シートに置けるのは ${max} 行目までです。`,
  tooManyColumns: (max: number) => `シートに置けるのは ${max} 列目までです。`,
  tooManyRanges: `セルの結合や名前の付いた範囲が大きすぎます（${XLSX_MAX_RANGE_CELLS.toLocaleString('en-US')} セル、結合は ${XLSX_MAX_MERGES.toLocaleString('en-US')} 個まで）。`,
} as const;

export interface XlsxLimits {
  /** The request field the file came in, where refusals are reported (400). */
  readonly field: string;
  /** The last row number a sheet may use, its header included. */
  readonly maxRows: number;
  /** The last column number a sheet may use (XLSX_DEFAULT_MAX_COLUMNS). */
  readonly maxColumns?: number;
  /** The caller's own words for a file that is not an xlsx, or has too many rows. */
  readonly messages?: { readonly unreadable?: string; readonly tooManyRows?: string };
}

/** What the first worksheet holds: `rows[r - 1]` is row r, its cells as text (missing ones ''). */
export type XlsxTable = string[][];

/** ExcelJS parses every part whose name matches this as a worksheet (xlsx/xlsx.js)… */
const WORKSHEET_PART = /xl\/worksheets\/sheet(\d+)[.]xml/;
/** …and this one as the workbook (a leading / removed from either). */
const WORKBOOK_PART = 'xl/workbook.xml';

class Refusal extends Error {
  constructor(readonly error: ValidationError | PayloadTooLarge) {
    super(error.detail);
  }
}

/** The chunks of a part as JSZip inflates them; a StreamHelper its typings leave out. */
interface PartStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): PartStream;
  on(event: 'end', listener: () => void): PartStream;
  on(event: 'error', listener: (error: Error) => void): PartStream;
  resume(): PartStream;
  pause(): PartStream;
}

function partStream(entry: JSZip.JSZipObject): PartStream {
  return (entry as unknown as { internalStream(type: 'uint8array'): PartStream }).internalStream(
    'uint8array',
  );
}

/** Column letters (A, Z, AA, XFD) → 1-based number; beyond Excel's last column → Infinity. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) {
    n = n * 26 + (ch.charCodeAt(0) - 64);
    if (n > EXCEL_MAX_COLUMNS) return Infinity;
  }
  return n;
}

type CellRef = { row: number; column: number };

/** "B7", "$B$7" → { row: 7, column: 2 }; null when it is not a cell reference. */
function cellReference(ref: string): CellRef | null {
  const m = /^\$?([A-Za-z]{1,7})\$?(\d+)$/.exec(ref.trim());
  return m ? { row: Number(m[2]), column: columnNumber(m[1]!.toUpperCase()) } : null;
}

/**
 * Every `A1` or `$A$1:$P$20` in a text (a defined name's formula may hold several, behind sheet
 * names). Generous on purpose: a function name such as LOG10 counts as one cell, which costs nothing.
 */
const RANGES = /\$?[A-Za-z]{1,7}\$?\d+(?::\$?[A-Za-z]{1,7}\$?\d+)?/g;

function* rangesIn(text: string): Generator<{ from: CellRef; to: CellRef }> {
  for (const [range] of text.matchAll(RANGES)) {
    const [from, to = from] = range.split(':').map(cellReference);
    if (from && to) yield { from, to };
  }
}

/**
 * Watches a part's XML as it streams by, with the XML parser ExcelJS uses. In a worksheet: the
 * dimension (`A1:P2001`), each row's number (and how many rows there are), each cell's column (and
 * how many cells a row holds) within the limits; the merged ranges (ExcelJS fills every cell of one)
 * and, in the workbook, the defined names' ranges (an entry for every cell) within their budget.
 */
function partWatcher(kind: 'sheet' | 'workbook', limits: XlsxLimits, refuse: (error: Refusal) => void) {
  const maxColumns = limits.maxColumns ?? XLSX_DEFAULT_MAX_COLUMNS;
  const parser = new SaxesParser();
  const refuseField = (message: string) => refuse(new Refusal(ValidationError.field(limits.field, message)));
  const tooManyRows = () => refuseField(limits.messages?.tooManyRows ?? XLSX_MSG.tooManyRows(limits.maxRows));
  const tooManyColumns = () => refuseField(XLSX_MSG.tooManyColumns(maxColumns));
  /** A dimension beyond the limits is refused: the sheet says it holds that much. */
  const checkDimension = (ref: string) => {
    for (const { from, to } of rangesIn(ref)) {
      if (Math.max(from.row, to.row) > limits.maxRows) return tooManyRows();
      if (Math.max(from.column, to.column) > maxColumns) return tooManyColumns();
    }
  };
  let rowsSeen = 0;
  let cellsInRow = 0;
  let merges = 0;
  let rangeCells = 0;
  const addRangeCells = (text: string) => {
    for (const { from, to } of rangesIn(text))
      rangeCells += (Math.abs(to.row - from.row) + 1) * (Math.abs(to.column - from.column) + 1);
    if (rangeCells > XLSX_MAX_RANGE_CELLS || merges > XLSX_MAX_MERGES)
      refuse(new Refusal(new PayloadTooLarge(XLSX_MSG.tooManyRanges)));
  };
  let definedName: string[] | null = null;
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    if (kind === 'workbook') {
      if (tag.name === 'definedName') definedName = [];
      return;
    }
    if (tag.name === 'dimension') {
      checkDimension(attributes.ref ?? '');
    } else if (tag.name === 'row') {
      // Counted too: a row number repeated, or left out, still costs ExcelJS a row each time.
      rowsSeen += 1;
      cellsInRow = 0;
      if (rowsSeen > limits.maxRows || Number.parseInt(attributes.r ?? '', 10) > limits.maxRows)
        tooManyRows();
    } else if (tag.name === 'c') {
      cellsInRow += 1;
      const ref = attributes.r === undefined ? null : cellReference(attributes.r);
      if (cellsInRow > maxColumns || (ref && ref.column > maxColumns)) tooManyColumns();
    } else if (tag.name === 'mergeCell') {
      merges += 1;
      addRangeCells(attributes.ref ?? '');
    }
  });
  parser.on('text', (text) => definedName?.push(text));
  parser.on('closetag', (tag) => {
    if (tag.name !== 'definedName' || !definedName) return;
    addRangeCells(definedName.join(''));
    definedName = null;
  });
  parser.on('error', () => refuse(new Refusal(unreadable(limits))));
  const decoder = new TextDecoder('utf-8');
  return {
    write: (chunk: Uint8Array) => parser.write(decoder.decode(chunk, { stream: true })),
    close: () => parser.write(decoder.decode()).close(),
  };
}

function unreadable(limits: XlsxLimits): ValidationError {
  return ValidationError.field(limits.field, limits.messages?.unreadable ?? XLSX_MSG.unreadable);
}

/**
 * Inflates one part, chunk by chunk, and drops each chunk once counted (and, for a worksheet, read):
 * refused as soon as it passes its budget, however small the archive says it is.
 */
function checkPart(entry: JSZip.JSZipObject, budget: number, limits: XlsxLimits): Promise<number> {
  return new Promise((resolve, reject) => {
    const stream = partStream(entry);
    let size = 0;
    let done = false;
    const refuse = (refusal: Refusal) => {
      if (done) return;
      done = true;
      stream.pause();
      reject(refusal);
    };
    const name = entry.name.replace(/^\//, '');
    const watcher = WORKSHEET_PART.test(name)
      ? partWatcher('sheet', limits, refuse)
      : name === WORKBOOK_PART
        ? partWatcher('workbook', limits, refuse)
        : null;
    stream
      .on('data', (chunk) => {
        if (done) return;
        size += chunk.length;
        if (size > budget) return refuse(new Refusal(new PayloadTooLarge(XLSX_MSG.tooLarge)));
        watcher?.write(chunk);
      })
      .on('error', () => refuse(new Refusal(unreadable(limits))))
      .on('end', () => {
        if (done) return;
        watcher?.close();
        if (done) return;
        done = true;
        resolve(size);
      })
      .resume();
  });
}

/** A central directory entry's signature, PK\x01\x02. */
const CENTRAL_ENTRY = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/**
 * At most how many entries JSZip could find: each begins with the signature somewhere in the file.
 * Counted before JSZip reads the directory (60,000 empty entries fit in a 3 MB upload and take it
 * seconds and 100 MB to list); stops counting once past the limit.
 */
function entriesAtMost(bytes: Buffer, limit: number): number {
  let count = 0;
  for (
    let at = bytes.indexOf(CENTRAL_ENTRY);
    at >= 0 && count <= limit;
    at = bytes.indexOf(CENTRAL_ENTRY, at + 4)
  )
    count += 1;
  return count;
}

async function checkArchive(bytes: Buffer, limits: XlsxLimits): Promise<void> {
  if (entriesAtMost(bytes, XLSX_MAX_PARTS) > XLSX_MAX_PARTS) throw new PayloadTooLarge(XLSX_MSG.tooManyParts);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw unreadable(limits);
  }
  const parts = Object.values(zip.files).filter((entry) => !entry.dir);
  if (parts.length > XLSX_MAX_PARTS) throw new PayloadTooLarge(XLSX_MSG.tooManyParts);
  let total = 0;
  for (const part of parts) {
    const budget = Math.min(XLSX_PART_MAX_BYTES, XLSX_TOTAL_MAX_BYTES - total);
    try {
      total += await checkPart(part, budget, limits);
    } catch (error) {
      throw error instanceof Refusal ? error.error : unreadable(limits);
    }
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** An xlsx cell as the text a CSV would hold: dates as YYYY-MM-DD, times as HH:MM. */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  const asDate =
    v instanceof Date
      ? v
      : typeof v === 'object' && 'result' in v && v.result instanceof Date
        ? v.result
        : null;
  if (asDate) {
    if (asDate.getUTCFullYear() <= 1900) return `${pad(asDate.getUTCHours())}:${pad(asDate.getUTCMinutes())}`;
    return `${asDate.getUTCFullYear()}-${pad(asDate.getUTCMonth() + 1)}-${pad(asDate.getUTCDate())}`;
  }
  if (typeof v === 'number' && v > 0 && v < 1 && cell.numFmt && /h/.test(cell.numFmt)) {
    const minutes = Math.round(v * 24 * 60);
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  if (typeof v === 'object' && 'text' in v && typeof v.text === 'string') return v.text; // hyperlinks
  return cell.text ?? '';
}

/**
 * The first worksheet of an xlsx as text, refused with 400 (not an xlsx, a sheet beyond the limits)
 * or 413 (a part inflating beyond its budget, too many parts) before anything is built.
 */
export async function readXlsxTable(bytes: Buffer, limits: XlsxLimits): Promise<XlsxTable> {
  await checkArchive(bytes, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    // ExcelJS's own counts (rows per sheet, cells per row) as a second fence behind the check. Data
    // validations and column settings are skipped: ExcelJS expands the former cell by cell (a
    // whole-column list is a million entries) and the latter column by column; imports need neither.
    const options = {
      maxRows: limits.maxRows,
      maxCols: limits.maxColumns ?? XLSX_DEFAULT_MAX_COLUMNS,
      ignoreNodes: ['dataValidations', 'cols'],
    };
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer, options as Partial<ExcelJS.XlsxReadOptions>);
  } catch {
    throw unreadable(limits);
  }
  const sheet = workbook.worksheets[0];
  const maxColumns = limits.maxColumns ?? XLSX_DEFAULT_MAX_COLUMNS;
  const rows: XlsxTable = [];
  sheet?.eachRow((row, rowNumber) => {
    // Beyond the check (a comment can name any cell): never build a row or a cell past the limits.
    if (rowNumber > limits.maxRows) return;
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      if (column > maxColumns) return;
      cells[column - 1] = cellText(cell);
    });
    rows[rowNumber - 1] = Array.from(cells, (text) => text ?? '');
  });
  return Array.from(rows, (cells) => cells ?? []);
}
