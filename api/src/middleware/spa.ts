// Single-process mode: everything outside /api is the built SPA from web/dist. Vite's hashed files
// under /assets never change, so browsers may keep them for a year; index.html (and the other root
// files) must be revalidated so a new build is picked up. Unknown client-side routes get index.html,
// and the SPA's router shows its own not-found page. The build writes each asset compressed beside
// it (.br, .gz: web/vite.config.ts); the file the browser accepts is sent as it is, never compressed
// per request. Which files have compressed copies is read when the app is created: a build made while
// the API runs is served uncompressed until the next start.
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { NotFound } from '../errors.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>社員ポータル</title></head>
<body><h1>社員ポータル</h1>
<p>画面がまだビルドされていません。リポジトリのルートで <code>npm run build</code> を実行してから再読み込みしてください。</p>
<p>The web app has not been built yet: run <code>npm run build</code> in the repository root, then reload.</p>
</body></html>
`;

export function spa(webDistDir: string): Router {
  const router = Router();
  const indexFile = path.join(webDistDir, 'index.html');

  router.use(
    '/assets',
    expressStaticGzip(path.join(webDistDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      serveStatic: { index: false, immutable: true, maxAge: '365d' },
    }),
    // A missing hashed file must not fall back to index.html: the browser would run HTML as a script.
    (_req, _res, next) => next(new NotFound()),
  );

  router.use(
    express.static(webDistDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // Checked per request, so building the web while the API runs needs no restart.
    if (!existsSync(indexFile)) {
      res.status(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      return;
    }
    res.sendFile(indexFile);
  });

  return router;
}
