// The HTTP server the API listens with. Node's defaults let a client hold a connection for 300 s
// by sending a body shorter than its Content-Length (or headers a byte at a time): a few hundred
// such connections tie up the process. The request and header timeouts come from the
// configuration (seconds, not minutes), and Node looks for expired connections every second
// rather than every 30. A request cut off is answered 408 by answerClientErrors.
import http from 'node:http';
import type { HttpTimeouts } from './config.ts';
import { answerClientErrors } from './middleware/client-errors.ts';

/** How often Node checks for requests past their timeouts (its default is 30 s). */
const CHECK_EVERY_MS = 1_000;

export function createHttpServer(timeouts: HttpTimeouts, listener: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      requestTimeout: timeouts.requestTimeoutSeconds * 1000,
      headersTimeout: timeouts.headersTimeoutSeconds * 1000,
      connectionsCheckingInterval: CHECK_EVERY_MS,
    },
    listener,
  );
  answerClientErrors(server);
  return server;
}
