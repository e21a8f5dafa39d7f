// What the port answers while the API starts (the database opening, migrations running): 503 with
// Retry-After. A browser asking for a page gets a small Japanese page that reloads itself every two
// seconds until the portal is up (issue 39); everything else (the API's clients, monitors) gets JSON.
import type http from 'node:http';

export const STARTING_MESSAGE = '起動中です。しばらくしてから再度お試しください。';
export const STARTING_RETRY_SECONDS = 2;

export const STARTING_PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${STARTING_RETRY_SECONDS}">
<title>起動中です - 社員ポータル</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#1c1f23;background:#fff}main{padding:24px;text-align:center}h1{font-size:1.5rem;margin:0 0 8px}p{margin:0;color:#41464c}</style>
</head><body><main>
<h1>起動中です</h1>
<p role="status">社員ポータルを起動しています。準備ができると自動で表示されます。</p>
</main></body></html>
`;

/** A request for a page: a GET outside /api whose client accepts HTML (a browser's navigation). */
export function asksForPage(req: http.IncomingMessage): boolean {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return /\btext\/html\b/.test(req.headers.accept ?? '');
}

export const startingListener: http.RequestListener = (req, res) => {
  if (asksForPage(req)) {
    res.writeHead(503, {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': String(STARTING_RETRY_SECONDS),
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : STARTING_PAGE);
    return;
  }
  res.writeHead(503, {
    'content-type': 'application/json',
    'retry-after': String(STARTING_RETRY_SECONDS),
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify({ detail: STARTING_MESSAGE }));
};
