// Issue 32, finding 11: a client that stops sending (a body shorter than its Content-Length, headers
// never finished) no longer holds its connection for Node's 300 s: the listening server answers 408
// in the API's JSON shape and closes it once the configured timeout has passed. Timeouts are read
// from the configuration in seconds.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG } from '@portal/shared/messages';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createHttpServer } from '../src/http-server.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestContext({ dataset: 'empty' });
  server = createHttpServer({ requestTimeoutSeconds: 1, headersTimeoutSeconds: 1 }, t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** Sends `text` and never anything more; resolves with all the server wrote once it closed. */
function sendAndWait(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('a request that stops half-way', () => {
  it('with a body shorter than its Content-Length: 408 and the connection closed', async () => {
    const answer = await sendAndWait(
      'POST /api/token-auth/ HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"username":"a',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toEqual({ detail: API_MSG.requestTimeout, code: 'request_timeout' });
  });

  it('with headers never finished: 408 and the connection closed', async () => {
    const answer = await sendAndWait('GET /api/health/ HTTP/1.1\r\nHost: portal\r\nX-Slow: a');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toEqual({ detail: API_MSG.requestTimeout, code: 'request_timeout' });
  });

  it('while a complete request on the same server is answered as usual', async () => {
    const answer = await sendAndWait(
      'GET /api/health/ HTTP/1.1\r\nHost: portal\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('the timeouts in the configuration', () => {
  it('default to seconds, not minutes, and read durations', () => {
    expect(loadConfig({}).http).toEqual({ requestTimeoutSeconds: 30, headersTimeoutSeconds: 10 });
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT: '2m', HTTP_HEADERS_TIMEOUT: '15' }).http).toEqual({
      requestTimeoutSeconds: 120,
      headersTimeoutSeconds: 15,
    });
  });

  it('refuse headers allowed longer than the whole request (Node would not start)', () => {
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT: '5s', HTTP_HEADERS_TIMEOUT: '10s' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT: 'soon' })).toThrow(/HTTP_REQUEST_TIMEOUT/);
  });
});
