// api/src/files/csv.ts and download.ts: RFC 4180 reading, UTF-8 (with or without BOM) and Shift_JIS
// decoding, formula quoting and the BOM + CRLF of every export, and the download header every file
// route writes.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords, decodeCsv, parseCsv, unquoteFormula, writeCsv } from '../src/files/csv.ts';
import { contentDisposition } from '../src/files/download.ts';

describe('csv.ts', () => {
  it('reads quoted commas, quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('a,"b,c","d ""e""","f\r\ng"\r\nh,i\nj,')).toEqual([
      ['a', 'b,c', 'd "e"', 'f\r\ng'],
      ['h', 'i'],
      ['j', ''],
    ]);
  });

  it('decodes UTF-8 with and without a BOM, and Shift_JIS', () => {
    const text = '社員番号,氏名\r\n0001,山田 太郎\r\n';
    expect(decodeCsv(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
    expect(decodeCsv(iconv.encode(text, 'cp932'))).toBe(text);
  });

  it('reads records by their header, a BOM and blank lines aside', () => {
    expect(csvRecords('\uFEFFa, b\r\n\r\n1,"2,3"\r\n')).toEqual([{ a: '1', b: '2,3' }]);
  });

  it('writes every cell quoted, formulas quoted away, numbers as they are, with a BOM and CRLF', () => {
    expect(csvCell('=SUM(A1)')).toBe(`"'=SUM(A1)"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(-1234)).toBe('"-1234"');
    expect(csvCell(null)).toBe('""');
    expect(unquoteFormula("'=1")).toBe('=1');
    expect(writeCsv(['a', 'b'], [['1', '+2']])).toBe('\uFEFF"a","b"\r\n"1","\'+2"\r\n');
  });
});

describe('download.ts', () => {
  it('names the file by RFC 5987 with an ASCII fallback', () => {
    expect(contentDisposition("給与明細_202601 (1)'.pdf")).toBe(
      `attachment; filename="_____202601 (1)'.pdf"; filename*=UTF-8''%E7%B5%A6%E4%B8%8E%E6%98%8E%E7%B4%B0_202601%20%281%29%27.pdf`,
    );
  });
});
