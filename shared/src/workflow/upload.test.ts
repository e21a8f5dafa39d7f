import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  contentTypeOf,
  encodeUploadString,
  parseUploadString,
  utf8Decode,
  utf8Encode,
} from './upload.ts';

describe('upload strings', () => {
  it('round-trips a Japanese file name and content', () => {
    const content = bytesToBase64(Uint8Array.from([0, 1, 2, 250, 255]));
    const parsed = parseUploadString(encodeUploadString('領収書 2025年4月.pdf', content));
    expect(parsed).toEqual({ filename: '領収書 2025年4月.pdf', contentBase64: content, size: 5 });
  });

  it('matches the platform base64 and UTF-8 codecs', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'ファイル😀', 'x'.repeat(1000)]) {
      const bytes = utf8Encode(text);
      expect(Buffer.from(bytes).toString()).toBe(text);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(text).toString('base64'));
      expect(utf8Decode(base64ToBytes(Buffer.from(text).toString('base64')))).toBe(text);
    }
  });

  it.each([
    ['no prefix', 'file:YQ==;YQ=='],
    ['no separator', 'name:YQ=='],
    ['bad base64 content', 'name:YQ==;@@@'],
    ['empty name', 'name:;YQ=='],
    ['a path as name', `name:${Buffer.from('../x').toString('base64')};YQ==`],
    ['a name that is not UTF-8', `name:${Buffer.from([0xff, 0xfe]).toString('base64')};YQ==`],
  ])('refuses %s', (_name, value) => {
    expect(parseUploadString(value)).toBeNull();
  });
});

describe('contentTypeOf', () => {
  it.each([
    ['領収書.PDF', 'application/pdf'],
    ['勤務表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['photo.jpeg', 'image/jpeg'],
    ['archive.tar.gz', 'application/octet-stream'],
    ['README', 'application/octet-stream'],
  ])('serves %s as %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type);
  });
});
