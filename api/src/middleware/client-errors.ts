// Requests Node's HTTP parser refuses (oversized headers, malformed request lines) never reach
// Express: by default Node answers them with an empty body. Answer them with the API's JSON error
// shape instead, so every client sees the same kind of refusal.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_MSG } from '@portal/shared/messages';

const REFUSALS: Record<string, { status: number; reason: string; detail: string; code: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: API_MSG.headersTooLarge,
    code: 'headers_too_large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    detail: API_MSG.requestTimeout,
    code: 'request_timeout',
  },
};
const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  detail: API_MSG.malformedRequest,
  code: 'parse_error',
};

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = REFUSALS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ detail: refusal.detail, code: refusal.code });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
