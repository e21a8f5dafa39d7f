// The one writer of file downloads: type, length and a Content-Disposition whose filename* carries
// the real (Japanese) name by RFC 5987, with an ASCII fallback for old clients.
import type { Response } from 'express';
import { SENT } from '../http/route.ts';

export interface FileDownload {
  readonly body: Buffer | string;
  /** The media type; text types get `; charset=utf-8`. */
  readonly type: string;
  readonly filename: string;
  /** A personal document (a payslip): never stored by a cache. */
  readonly private?: boolean;
}

/** `attachment; filename="…"; filename*=UTF-8''…` for any file name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * ! unencoded; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(filename).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends the file; route() handlers return what it answers (SENT). */
export function sendFile(res: Response, file: FileDownload): typeof SENT {
  const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
  const type =
    file.type.startsWith('text/') && !file.type.includes('charset')
      ? `${file.type}; charset=utf-8`
      : file.type;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(body.length));
  res.setHeader('Content-Disposition', contentDisposition(file.filename));
  if (file.private) res.setHeader('Cache-Control', 'no-store');
  res.send(body);
  return SENT;
}
