// Issue 32, finding 7: a URL that carries a credential in its query (the old mail sign-in hand-over
// `?access_token=…&refresh=…`, a CAS ticket, an OAuth code) is logged with those values redacted,
// both in the request's own line and in every line a handler writes through requestLog.
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { redactUrl, requestLog, requestLogger } from '../src/middleware/request-logger.ts';

const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.access-secret';
const REFRESH = 'eyJhbGciOiJIUzI1NiJ9.refresh-secret';

function loggedApp(lines: string[]) {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const app = express();
  app.use(requestLogger(logger));
  app.get('/login-native', (req, res) => {
    requestLog(req).warn('a handler line');
    res.status(204).end();
  });
  return app;
}

describe('the request log', () => {
  it('redacts access_token and refresh in a logged URL, in the request line and handler lines', async () => {
    const lines: string[] = [];
    const res = await request(loggedApp(lines)).get(
      `/login-native?next=%2Fhome&access_token=${ACCESS}&refresh=${REFRESH}`,
    );
    expect(res.status).toBe(204);
    const urls = lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toEqual([
      '/login-native?next=%2Fhome&access_token=[redacted]&refresh=[redacted]',
      '/login-native?next=%2Fhome&access_token=[redacted]&refresh=[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it.each([
    ['/api/auth/mail/callback/?code=abc&state=xyz', '/api/auth/mail/callback/?code=[redacted]&state=xyz'],
    ['/api/cas/?ticket=ST-1-abc', '/api/cas/?ticket=[redacted]'],
    [
      '/x?ACCESS_TOKEN=a&refresh_token=b&id_token=c',
      '/x?ACCESS_TOKEN=[redacted]&refresh_token=[redacted]&id_token=[redacted]',
    ],
    ['/x?access%5Ftoken=a', '/x?access%5Ftoken=[redacted]'],
    ['/x?refresh', '/x?refresh=[redacted]'],
    ['/x?code=1&code=2', '/x?code=[redacted]&code=[redacted]'],
    ['/x?page=2&query=%ZZ', '/x?page=2&query=%ZZ'],
    ['/x', '/x'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
