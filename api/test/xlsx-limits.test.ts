// Issue 32, finding 1: an uploaded spreadsheet is read within limits before any work. A 1.9 KB xlsx
// with one cell at row 1,048,576 and a 1 MB xlsx whose worksheet inflates to 1 GiB of whitespace
// once took the process to out-of-memory; both are refused now before ExcelJS sees them, with the
// process growing by less than 50 MB. The same reader refuses sharedStrings bombs, parts lying
// about their size, too many parts, rows and columns beyond the limits, merged ranges and defined
// names ExcelJS would fill cell by cell; it reads only rows that exist.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS, type TImportPreview } from '@portal/shared/contracts/admin-import';
import {
  XLSX_DEFAULT_MAX_COLUMNS,
  XLSX_MAX_MERGES,
  XLSX_MAX_PARTS,
  XLSX_MAX_RANGE_CELLS,
  XLSX_MSG,
  XLSX_PART_MAX_BYTES,
  XLSX_TOTAL_MAX_BYTES,
  readXlsxTable,
} from '../src/files/xlsx-reader.ts';
import { IMPORT_MSG } from '../src/modules/admin/people-import.ts';
import { deflatedPart, repeatedPart, zipOf, type ZipPart } from './support/handmade-zip.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  await as('admin');
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const HEADER = IMPORT_COLUMNS.map((c) => c.label);
const SHEET = 'xl/worksheets/sheet1.xml';
const MB = 1024 * 1024;
const GIB = 1024 * MB;

/** A workbook of ExcelJS's making with the import's header row and whatever `fill` adds. */
async function excelJsXlsx(fill?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('社員');
  sheet.addRow(HEADER);
  fill?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same, as the parts of its archive. */
async function baseParts(fill?: (sheet: ExcelJS.Worksheet) => void): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(await excelJsXlsx(fill));
  const parts = new Map<string, Buffer>();
  for (const entry of Object.values(zip.files))
    if (!entry.dir) parts.set(entry.name, await entry.async('nodebuffer'));
  return parts;
}

/** The base workbook with some parts replaced or added. */
async function xlsxWith(...replaced: ZipPart[]): Promise<Buffer> {
  const parts = [...(await baseParts())].map(([name, bytes]) => deflatedPart(name, bytes));
  for (const part of replaced) {
    const at = parts.findIndex((p) => p.name === part.name);
    if (at >= 0) parts[at] = part;
    else parts.push(part);
  }
  return zipOf(parts);
}

const WORKSHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

function sheetXml(
  rows: string,
  dimension?: string,
  around: { before?: string; after?: string } = {},
): string {
  const head = `${WORKSHEET_OPEN}${dimension ? `<dimension ref="${dimension}"/>` : ''}${around.before ?? ''}`;
  return `${head}<sheetData>${rows}</sheetData>${around.after ?? ''}</worksheet>`;
}

const inlineCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = `<row r="1">${HEADER.map((h, i) => inlineCell(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`;

/** The process's resident memory before, and at its highest while `run` runs, in bytes. */
async function growthDuring<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
  try {
    const result = await run();
    return { result, growth: Math.max(peak, process.memoryUsage().rss) - before };
  } finally {
    clearInterval(sampler);
  }
}

async function checkImport(fileName: string, bytes: Buffer) {
  return request(t.app)
    .post('/api/admin/people-import/check/')
    .set(await as('admin'))
    .send({ file_name: fileName, content: bytes.toString('base64') });
}

/** Counts every time ExcelJS is handed a workbook to read (tests build theirs before spying). */
function watchExcelJs() {
  return vi.spyOn(ExcelJS.Workbook.prototype, 'xlsx', 'get');
}

describe('the import refuses, before ExcelJS reads it and growing by less than 50 MB', () => {
  it('an xlsx with one cell at row 1,048,576 (400, the row limit)', async () => {
    const bytes = await excelJsXlsx((sheet) => {
      sheet.getCell('A1048576').value = 'x';
    });
    expect(bytes.length).toBeLessThan(10_000);
    const excel = watchExcelJs();
    const { result: res, growth } = await growthDuring(() => checkImport('people.xlsx', bytes));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ content: [IMPORT_MSG.tooMany] });
    expect(excel).not.toHaveBeenCalled();
    expect(growth).toBeLessThan(50 * MB);
  });

  it('the same row with no dimension to announce it (400)', async () => {
    const bytes = await xlsxWith(
      deflatedPart(SHEET, sheetXml(`${headerRow}<row r="1048576">${inlineCell('A1048576', 'x')}</row>`)),
    );
    const excel = watchExcelJs();
    const res = await checkImport('people.xlsx', bytes);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ content: [IMPORT_MSG.tooMany] });
    expect(excel).not.toHaveBeenCalled();
  });

  it('an xlsx whose worksheet part inflates to 1 GiB of whitespace, zipped to about 1 MB (413)', async () => {
    const bomb = repeatedPart(SHEET, {
      prefix: `${WORKSHEET_OPEN}<sheetData>${headerRow}`,
      chunk: Buffer.alloc(MB, ' '),
      repeat: GIB / MB,
      suffix: '</sheetData></worksheet>',
    });
    const bytes = await xlsxWith(bomb);
    expect(bomb.size).toBeGreaterThan(GIB);
    expect(bytes.length).toBeLessThan(1.2 * MB);
    const excel = watchExcelJs();
    const { result: res, growth } = await growthDuring(() => checkImport('people.xlsx', bytes));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: XLSX_MSG.tooLarge, code: 'payload_too_large' });
    expect(excel).not.toHaveBeenCalled();
    expect(growth).toBeLessThan(50 * MB);
  });
});

describe('the xlsx reader', () => {
  const limits = { field: 'content', maxRows: 3 };
  const refusal = (error: unknown) => ({
    status: (error as { status: number }).status,
    body: (error as { body(): unknown }).body(),
  });
  const read = (bytes: Buffer, over: { maxRows?: number } = {}) =>
    readXlsxTable(bytes, { ...limits, ...over }).then(
      (rows) => ({ rows }),
      (error: unknown) => refusal(error),
    );
  const tooLarge = { status: 413, body: { detail: XLSX_MSG.tooLarge, code: 'payload_too_large' } };

  it('refuses a sharedStrings part of 1 GiB of whitespace (413)', async () => {
    const bytes = await xlsxWith(
      repeatedPart('xl/sharedStrings.xml', {
        prefix:
          '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
        chunk: Buffer.alloc(MB, ' '),
        repeat: GIB / MB,
        suffix: '</sst>',
      }),
    );
    expect(await read(bytes)).toEqual(tooLarge);
  });

  it('refuses a part whose header says 100 bytes but inflates beyond the budget (413)', async () => {
    const liar = repeatedPart('docProps/custom.xml', {
      prefix: '<?xml version="1.0"?><x>',
      chunk: Buffer.alloc(MB, 'a'),
      repeat: XLSX_PART_MAX_BYTES / MB + 1,
      suffix: '</x>',
    });
    expect(await read(await xlsxWith({ ...liar, size: 100 }))).toEqual(tooLarge);
  });

  it('refuses parts that pass one by one but not together (413)', async () => {
    const big = (n: number) =>
      repeatedPart(`xl/media/image${n}.png`, {
        prefix: '',
        chunk: Buffer.alloc(MB, 'b'),
        repeat: XLSX_PART_MAX_BYTES / MB - 1,
        suffix: '',
      });
    const parts = Array.from(
      { length: Math.ceil(XLSX_TOTAL_MAX_BYTES / (XLSX_PART_MAX_BYTES - MB)) },
      (_, i) => big(i),
    );
    expect(await read(await xlsxWith(...parts.slice(0, 1)))).toEqual({ rows: [HEADER] });
    expect(await read(await xlsxWith(...parts))).toEqual(tooLarge);
  });

  // Builds archives of 1,000 and 60,000 parts: a few seconds alone, over 30 in a loaded full run, so its
  // limit only stops a hang.
  it(`refuses more than ${XLSX_MAX_PARTS} parts (413)`, async () => {
    const many = Array.from({ length: XLSX_MAX_PARTS }, (_, i) =>
      deflatedPart(`customXml/item${i}.xml`, '<a/>'),
    );
    const tooMany = { status: 413, body: { detail: XLSX_MSG.tooManyParts, code: 'payload_too_large' } };
    expect(await read(await xlsxWith(...many))).toEqual(tooMany);
    // 60,000 empty parts are refused before JSZip spends seconds listing them.
    const crowd = zipOf(Array.from({ length: 60_000 }, (_, i) => deflatedPart(`p${i}`, '')));
    const listing = vi.spyOn(JSZip, 'loadAsync');
    expect(await read(crowd)).toEqual(tooMany);
    expect(listing).not.toHaveBeenCalled();
  }, 180_000);

  it('refuses a dimension, a row number or a count of rows beyond the limit (400)', async () => {
    const rows = (n: number, r: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => `<row r="${r(i)}">${inlineCell(`A${r(i)}`, 'x')}</row>`).join('');
    const refused = { status: 400, body: { content: [XLSX_MSG.tooManyRows(3)] } };
    for (const xml of [
      sheetXml(
        rows(2, (i) => String(i + 1)),
        'A1:P4',
      ),
      sheetXml(rows(1, () => '4')),
      sheetXml(rows(1, () => '&#52;')), // an entity is still the number 4
      sheetXml(rows(4, () => '1')), // one row number four times is four rows to ExcelJS
    ])
      expect(await read(await xlsxWith(deflatedPart(SHEET, xml)))).toEqual(refused);
    // Any worksheet part ExcelJS would read, not only the first sheet.
    expect(
      await read(await xlsxWith(deflatedPart('xl/worksheets/sheet9.xml', sheetXml(rows(1, () => '9'))))),
    ).toEqual(refused);
  });

  it(`refuses a cell beyond column ${XLSX_DEFAULT_MAX_COLUMNS}, or that many cells in a row (400)`, async () => {
    const refused = { status: 400, body: { content: [XLSX_MSG.tooManyColumns(XLSX_DEFAULT_MAX_COLUMNS)] } };
    const crowded = Array.from({ length: XLSX_DEFAULT_MAX_COLUMNS + 1 }, () => '<c r="A1"/>').join('');
    for (const xml of [
      sheetXml(`<row r="1">${inlineCell('XFD1', 'x')}</row>`),
      sheetXml(`<row r="1">${inlineCell('A1', 'x')}</row>`, 'A1:IW1'),
      sheetXml(`<row r="1">${crowded}</row>`),
    ])
      expect(await read(await xlsxWith(deflatedPart(SHEET, xml)))).toEqual(refused);
  });

  it(`refuses merged ranges or defined names covering more than ${XLSX_MAX_RANGE_CELLS} cells (413)`, async () => {
    const refused = { status: 413, body: { detail: XLSX_MSG.tooManyRanges, code: 'payload_too_large' } };
    const merged = (...refs: string[]) =>
      sheetXml(headerRow, undefined, {
        after: `<mergeCells>${refs.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>`,
      });
    expect(await read(await xlsxWith(deflatedPart(SHEET, merged('A2:IV401'))))).toEqual(refused);
    const pairs = Array.from({ length: XLSX_MAX_MERGES + 1 }, (_, i) => `A${i + 2}:B${i + 2}`);
    expect(await read(await xlsxWith(deflatedPart(SHEET, merged(...pairs))), { maxRows: 10_000 })).toEqual(
      refused,
    );
    const workbook = (await baseParts()).get('xl/workbook.xml')!.toString();
    const named = workbook.replace(
      '</workbook>',
      '<definedNames><definedName name="all">社員!$A$1:$XFD$1048576</definedName></definedNames></workbook>',
    );
    expect(named).not.toBe(workbook);
    expect(await read(await xlsxWith(deflatedPart('xl/workbook.xml', named)))).toEqual(refused);
  });

  it('reads a sheet with a list check on whole columns and settings for every column', async () => {
    // ExcelJS would expand both (a million validations, 16,384 columns): the reader skips them.
    const bytes = await xlsxWith(
      deflatedPart(
        SHEET,
        sheetXml(`<row r="1">${inlineCell('A1', '見出し')}</row>`, 'A1:A1', {
          before: '<cols><col min="1" max="16384" width="12" customWidth="1"/></cols>',
          after:
            '<dataValidations count="1"><dataValidation type="list" sqref="A2:XFD1048576">' +
            '<formula1>"○"</formula1></dataValidation></dataValidations>',
        }),
      ),
    );
    expect(await read(bytes)).toEqual({ rows: [['見出し']] });
  });

  it('refuses what is not an xlsx, and a worksheet that is not XML (400)', async () => {
    const unreadable = { status: 400, body: { content: [XLSX_MSG.unreadable] } };
    expect(await read(Buffer.from('PK\u0003\u0004 not a zip'))).toEqual(unreadable);
    expect(await read(await xlsxWith(deflatedPart(SHEET, '<worksheet><sheetData><row')))).toEqual(unreadable);
  });

  it('reads only the rows that exist, each at its own line, within the limits', async () => {
    const bytes = await xlsxWith(
      deflatedPart(
        SHEET,
        sheetXml(
          `<row r="1">${inlineCell('B1', '見出し')}</row><row r="3">${inlineCell('A3', '三')}</row>`,
          'A1:B3',
        ),
      ),
    );
    expect(await read(bytes)).toEqual({ rows: [['', '見出し'], [], ['三']] });
  });
});

describe('the people import through the reader', () => {
  it('reads a sheet with blank rows: errors at the lines the rows are on', async () => {
    const bytes = await excelJsXlsx((sheet) => {
      sheet.getRow(4).values = HEADER.map((h) => (h === '社員番号' ? 'IMP9001' : ''));
    });
    const res = await checkImport('people.xlsx', bytes);
    expect(res.status).toBe(200);
    const preview = res.body as TImportPreview;
    expect(preview.rows.map((r) => r.row)).toEqual([4]);
    expect(new Set(preview.errors.map((e) => e.row))).toEqual(new Set([4]));
  });
});
