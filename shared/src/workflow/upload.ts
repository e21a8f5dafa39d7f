// The upload string of spec §3.10: `name:{base64 filename};{base64 content}`. The web builds it
// from a chosen file, the API parses it; both check the size limit with these functions. Pure code
// (no Buffer, atob or TextDecoder) so it runs unchanged in the browser, in Node and in tests.
import { MAX_UPLOAD_BYTES } from '../limits.ts';

const PREFIX = 'name:';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export interface TParsedUpload {
  readonly filename: string;
  /** The content, still base64: the API decodes it once, when it stores it. */
  readonly contentBase64: string;
  /** Decoded size in bytes. */
  readonly size: number;
}

export function isBase64(text: string): boolean {
  return BASE64.test(text);
}

/** Bytes a valid base64 string decodes to, without decoding it. */
export function base64DecodedLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

export function base64ToBytes(text: string): Uint8Array {
  const out = new Uint8Array(base64DecodedLength(text));
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    const a = ALPHABET.indexOf(text.charAt(i));
    const b = ALPHABET.indexOf(text.charAt(i + 1));
    const c = ALPHABET.indexOf(text.charAt(i + 2));
    const d = ALPHABET.indexOf(text.charAt(i + 3));
    out[at++] = (a << 2) | (b >> 4);
    if (c >= 0 && at < out.length) out[at++] = ((b & 15) << 4) | (c >> 2);
    if (d >= 0 && at < out.length) out[at++] = ((c & 3) << 6) | d;
  }
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += ALPHABET.charAt(a >> 2);
    out += ALPHABET.charAt(((a & 3) << 4) | ((b ?? 0) >> 4));
    out += b === undefined ? '=' : ALPHABET.charAt(((b & 15) << 2) | ((c ?? 0) >> 6));
    out += c === undefined ? '=' : ALPHABET.charAt(c & 63);
  }
  return out;
}

/** How many continuation bytes follow a UTF-8 lead byte; -1 when it cannot lead. */
function utf8Continuations(lead: number): number {
  if (lead < 0x80) return 0;
  if (lead >= 0xc2 && lead < 0xe0) return 1;
  if (lead >= 0xe0 && lead < 0xf0) return 2;
  if (lead >= 0xf0 && lead < 0xf5) return 3;
  return -1;
}

/** Strict UTF-8 decoding; null for malformed input. */
export function utf8Decode(bytes: Uint8Array): string | null {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i]!;
    const extra = utf8Continuations(first);
    if (extra < 0) return null;
    let code = extra === 0 ? first : first & (0x3f >> extra);
    for (let k = 1; k <= extra; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return null;
      code = (code << 6) | (next & 0x3f);
    }
    const min = [0, 0x80, 0x800, 0x10000][extra]!;
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
    out += String.fromCodePoint(code);
    i += extra + 1;
  }
  return out;
}

export function utf8Encode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return Uint8Array.from(bytes);
}

/** The upload string for a file whose content is already base64 (e.g. from FileReader). */
export function encodeUploadString(filename: string, contentBase64: string): string {
  return `${PREFIX}${bytesToBase64(utf8Encode(filename))};${contentBase64}`;
}

/** The attachment's name column holds this many characters. */
export const MAX_FILENAME_LENGTH = 255;

/**
 * Characters that change the direction text is shown in: with U+202E 'gnp.exe' reads 'exe.png', so
 * a name carrying one hides its real extension.
 */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A stored name may not carry a path or a control character (they would reach a download header),
 * nor a bidirectional control, and must fit its column.
 */
function isUnsafeName(name: string): boolean {
  return (
    [...name].length > MAX_FILENAME_LENGTH ||
    BIDI_CONTROL.test(name) ||
    [...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 0x20 || char === '\u007f')
  );
}

/**
 * The parts of an upload string, or null when it is not one (bad prefix, bad base64, a filename
 * that is not UTF-8, is empty, too long or unsafe to show). The size limit is the caller's check: see
 * exceedsUploadLimit.
 */
export function parseUploadString(value: string): TParsedUpload | null {
  if (!value.startsWith(PREFIX)) return null;
  const separator = value.indexOf(';', PREFIX.length);
  if (separator < 0) return null;
  const encodedName = value.slice(PREFIX.length, separator);
  const contentBase64 = value.slice(separator + 1);
  if (!isBase64(encodedName) || !isBase64(contentBase64)) return null;
  const filename = utf8Decode(base64ToBytes(encodedName));
  if (filename === null || filename.trim() === '' || isUnsafeName(filename)) return null;
  return { filename, contentBase64, size: base64DecodedLength(contentBase64) };
}

/** Spec §5: at most 2,097,152 bytes. */
export function exceedsUploadLimit(size: number): boolean {
  return size > MAX_UPLOAD_BYTES;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** The media type a stored file is served with, by its name's extension; unknown: octet-stream. */
export function contentTypeOf(filename: string): string {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
