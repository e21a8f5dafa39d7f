// CSV as every import reads it and every export writes it. Reading: RFC 4180 quoting (commas, quotes
// and line breaks inside quoted cells), bytes decoded as UTF-8 with or without a BOM, else as
// Shift_JIS (CP932, what Excel saves as "CSV"). Writing: each cell quoted, a cell a spreadsheet
// would run as a formula (= + - @) quoted away with a leading ', lines ended by CRLF after a BOM, so
// Excel opens the file as UTF-8.
import iconv from 'iconv-lite';

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks; CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** UTF-8 (BOM or not) when the bytes are valid UTF-8, else Shift_JIS (CP932, Excel's "CSV"). */
export function decodeCsv(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'cp932');
  }
}

/**
 * A text's rows as records keyed by its header (trimmed), blank lines skipped; a BOM at the start
 * is dropped. For imports that find their columns by name (駅データ's station.csv).
 */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, '')).filter((cells) =>
    cells.some((c) => c.trim() !== ''),
  );
  const names = header.map((h) => h.trim());
  return rows.map((cells) => Object.fromEntries(names.map((h, i) => [h, (cells[i] ?? '').trim()])));
}

/** The header of a CSV text, trimmed. */
export function csvHeader(text: string): string[] {
  return (parseCsv(text.replace(/^\uFEFF/, ''))[0] ?? []).map((h) => h.trim());
}

/** A written cell: quoted; a leading = + - @ (or tab, CR) would run as a formula: quoted away with '. */
export function csvCell(value: unknown): string {
  // A number is written as it is: -1,234 is an amount, not a formula.
  if (typeof value === 'number') return `"${value}"`;
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Undoes csvCell's formula quoting on a cell read back: `'=1` → `=1`. */
export function unquoteFormula(cell: string): string {
  return cell.replace(/^'(?=[=+\-@])/, '');
}

/** What a file starts with, so that Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** One written line, CRLF included. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The file: a BOM, then the header and each row, CRLF after every line. */
export function writeCsv(header: readonly unknown[], rows: readonly (readonly unknown[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join('');
}
