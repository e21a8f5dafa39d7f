// Which built files each screen needs beyond the entry, so the page's HTML can name them and the
// browser fetches them together with the entry instead of one round trip after it (issue 20: on a
// phone 150 ms away, each round trip the first visit waits for costs more than its bytes). The web
// build writes the list (web/build/route-preloads.ts); the API reads it and puts the matching route's
// files into index.html (api/src/middleware/spa.ts).

/** Where the list is written, relative to web/dist. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreload {
  /** A route of spec §2.1, in react-router's syntax: '/proxies/:id', '/admin/*'. */
  pattern: string;
  /** Module scripts the screen imports beyond the entry's, root-relative ('/assets/…js'). */
  scripts: string[];
  /** Stylesheets beyond the entry's. */
  styles: string[];
}

export interface RoutePreloads {
  routes: RoutePreload[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * How well a pattern fits a path, or null when it does not: react-router's ranking, so the server
 * picks the route the browser will render ('/proxies/add' over '/proxies/:id'). A static segment
 * counts 10, a parameter 3, and a trailing splat matches the rest for 1.
 */
function score(pattern: string, path: readonly string[]): number | null {
  const parts = segmentsOf(pattern);
  let total = 0;
  for (const [index, part] of parts.entries()) {
    if (part === '*' && index === parts.length - 1) return total + 1;
    const segment = path[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) total += 3;
    else if (part === segment) total += 10;
    else return null;
  }
  return parts.length === path.length ? total : null;
}

/** The route a browser at `pathname` renders, of those given; null when none matches. */
export function matchRoute<T extends { pattern: string }>(routes: readonly T[], pathname: string): T | null {
  const path = segmentsOf(pathname);
  let best: T | null = null;
  let bestScore = -1;
  for (const route of routes) {
    const fit = score(route.pattern, path);
    if (fit !== null && fit > bestScore) {
      best = route;
      bestScore = fit;
    }
  }
  return best;
}
