// Single-process mode: everything outside /api is the built SPA from web/dist. Vite's hashed files
// under /assets never change, so browsers may keep them for a year; index.html (and the other root
// files) must be revalidated so a new build is picked up. Unknown client-side routes get index.html,
// and the SPA's router shows its own not-found page (answered 404 when the build's route list does
// not know the path). The build writes each asset compressed beside
// it (.br, .gz: web/vite.config.ts); the file the browser accepts is sent as it is, never compressed
// per request. Which files have compressed copies is read when the app is created: a build made while
// the API runs is served uncompressed until the next start. Each route's page names the code that
// route needs (shared/src/route-preloads.ts), so the browser fetches it with the entry.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, {
  Router,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import expressStaticGzip from 'express-static-gzip';
import {
  matchRoute,
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
  type RoutePreloads,
} from '@portal/shared/route-preloads';
import { allowInlineScripts, scriptHash } from './security-headers.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>社員ポータル</title></head>
<body><h1>社員ポータル</h1>
<p>画面がまだビルドされていません。リポジトリのルートで <code>npm run build</code> を実行してから再読み込みしてください。</p>
<p>The web app has not been built yet: run <code>npm run build</code> in the repository root, then reload.</p>
</body></html>
`;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The route's files as links for the head: scripts as module preloads, which Vite's loader then finds
 * and does not fetch again; stylesheets as preloads, which it turns into stylesheets when the screen
 * mounts (a stylesheet link here would hold back the entry's scripts until it had loaded).
 */
export function preloadLinks(route: RoutePreload): string {
  return [
    ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...route.styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ].join('');
}

interface Build {
  modified: number;
  html: string;
  /** The CSP hashes of the page's inline scripts (the early request for the user: web/build/early-me-script.ts). */
  scriptHashes: string[];
  routes: RoutePreload[];
  pages: Map<string, string>;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isRoutePreload = (value: unknown): value is RoutePreload => {
  const route = value as Partial<RoutePreload> | null;
  return typeof route?.pattern === 'string' && isStrings(route.scripts) && isStrings(route.styles);
};

/** The build's route list; what is missing or not of its shape (an older build, a damaged file) is left out. */
function readPreloads(file: string): RoutePreload[] {
  try {
    const routes = (JSON.parse(readFileSync(file, 'utf8')) as Partial<RoutePreloads> | null)?.routes;
    return Array.isArray(routes) ? routes.filter(isRoutePreload) : [];
  } catch {
    return [];
  }
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The hash of each inline script's text, as the CSP names it. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(INLINE_SCRIPT)].map((match) => scriptHash(match[1] ?? ''));

/**
 * index.html as each route is sent, read once per build: a build made while the API runs is
 * picked up at the next request (the file's time changes), as before. Null while there is no
 * index.html to send (not built yet, or removed by a build under way).
 */
function builtPages(webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  let build: Build | null = null;
  return (pathname: string): { html: string; scriptHashes: string[]; known: boolean } | null => {
    const modified = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (modified === undefined) return null;
    if (build?.modified !== modified) {
      let html: string;
      try {
        html = readFileSync(indexFile, 'utf8');
      } catch {
        return null;
      }
      const routes = readPreloads(path.join(webDistDir, ROUTE_PRELOADS_FILE));
      build = { modified, html, routes, scriptHashes: inlineScriptHashes(html), pages: new Map() };
    }
    const { scriptHashes } = build;
    const route = matchRoute(build.routes, pathname);
    // Without a route list (an older build) every path is taken for the app's, as before.
    if (!route) return { html: build.html, scriptHashes, known: isAppRoot(pathname) || !build.routes.length };
    let page = build.pages.get(route.pattern);
    if (page === undefined) {
      page = build.html.replace('</head>', `${preloadLinks(route)}</head>`);
      build.pages.set(route.pattern, page);
    }
    return { html: page, scriptHashes, known: true };
  };
}

/** The root redirects to the home screen in the browser; it is not in the build's route list. */
const isAppRoot = (pathname: string) => pathname === '/' || pathname === '';

/**
 * Paths that are never the app's (issue 39): monitoring paths probed on the public port, where the
 * metrics and readiness are not served, and any path naming a file, which the static handlers above
 * would have sent had it existed. They are answered in plain text so no scanner or script gets HTML.
 */
const NOT_APP_PATHS = new Set(['/metrics', '/healthz', '/livez', '/readyz']);
const namesAFile = (pathname: string) => /\.[^/]*$/.test(pathname);

const plainNotFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain; charset=utf-8').send('Not Found');
};

export function spa(webDistDir: string): Router {
  const router = Router();
  const pageFor = builtPages(webDistDir);

  const builtFiles = Router();
  builtFiles.use(
    expressStaticGzip(path.join(webDistDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      serveStatic: { index: false, immutable: true, maxAge: '365d' },
    }),
    // A missing hashed file must not fall back to index.html: the browser would run HTML as a script.
    plainNotFound,
  );
  // '/assets' itself is the app's 資材貸出 screen (issue 31); the files below it are the built ones.
  router.use('/assets', (req, res, next) =>
    req.path === '/' ? serveApp(req, res, next) : builtFiles(req, res, next),
  );

  router.use(
    express.static(webDistDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );

  router.use(serveApp);
  return router;

  function serveApp(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    // Under the '/assets' mount the path is relative to it.
    const where = req.baseUrl ? `${req.baseUrl}${req.path}`.replace(/(.)\/$/, '$1') : req.path;
    if (NOT_APP_PATHS.has(where.replace(/\/+$/, '')) || namesAFile(where)) {
      plainNotFound(req, res, next);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // Checked per request, so building the web while the API runs needs no restart.
    const page = pageFor(where);
    if (page) allowInlineScripts(res, page.scriptHashes);
    // A path the app has no screen for gets the app, which shows its not-found page, with 404.
    res
      .status(page && !page.known ? 404 : 200)
      .type('text/html; charset=utf-8')
      .send(page?.html ?? NOT_BUILT_PAGE);
  }
}
