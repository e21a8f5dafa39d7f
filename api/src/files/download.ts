// The one writer of file downloads: type, length and a Content-Disposition whose filename* carries
// the real (Japanese) name by RFC 5987, with an ASCII fallback for old clients.
import type { Response } from 'express';
import { Writable } from 'node:stream';
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

/** The media type as sent: text types get `; charset=utf-8`. */
function contentTypeOf(file: Pick<FileDownload, 'type'>): string {
  return file.type.startsWith('text/') && !file.type.includes('charset')
    ? `${file.type}; charset=utf-8`
    : file.type;
}

/** Sends the file; route() handlers return what it answers (SENT). */
export function sendFile(res: Response, file: FileDownload): typeof SENT {
  const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
  res.setHeader('Content-Type', contentTypeOf(file));
  res.setHeader('Content-Length', String(body.length));
  res.setHeader('Content-Disposition', contentDisposition(file.filename));
  if (file.private) res.setHeader('Cache-Control', 'no-store');
  res.send(body);
  return SENT;
}

/** Writes a chunk of a streamed file; waits while the client is slower than the producer. */
export type WriteChunk = (chunk: string | Buffer) => Promise<void>;

class ClientGone extends Error {
  constructor() {
    super('the client closed the connection during the download');
  }
}

/**
 * A download written as it is produced (everyone of a company of 50,000), never whole in memory: the
 * headers first, then what `produce` writes, page by page. A failure before the first chunk answers
 * as any error does; after it, the connection is cut, so the client sees a broken download rather
 * than a complete-looking file. A client that leaves stops the producer at its next write.
 */
export async function streamFile(
  res: Response,
  file: Omit<FileDownload, 'body'>,
  produce: (write: WriteChunk) => Promise<void>,
): Promise<typeof SENT> {
  let started = false;
  // One 'drain' and one 'close' listener for the response's life, each waking the write waiting.
  // Behind compression, 'drain' listeners go onto its zlib stream, where removing one through the
  // response does nothing: a listener per wait piled up there (Node's MaxListeners warning, seen on
  // the people CSV of 50,000). Both are on from the start, so a close before the first wait is seen.
  let wake: (() => void) | null = null;
  let closed = false;
  const wakeWriter = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  res.on('drain', wakeWriter);
  res.on('close', () => {
    closed = true;
    wakeWriter();
  });
  const gone = () => closed || res.destroyed;
  const write: WriteChunk = async (chunk) => {
    if (gone()) throw new ClientGone();
    if (!started) {
      started = true;
      res.setHeader('Content-Type', contentTypeOf(file));
      res.setHeader('Content-Disposition', contentDisposition(file.filename));
      if (file.private) res.setHeader('Cache-Control', 'no-store');
    }
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => (wake = resolve));
      if (gone()) throw new ClientGone();
    }
  };
  try {
    await produce(write);
  } catch (error) {
    if (!started) throw error;
    if (!(error instanceof ClientGone)) res.destroy(error as Error);
    return SENT;
  }
  if (!started) await write('');
  res.end();
  return SENT;
}

/** `write` as a Writable, for a library that writes into a stream (exceljs' streamed workbook). */
export function chunkStream(write: WriteChunk): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      write(chunk).then(() => done(), done);
    },
  });
}
