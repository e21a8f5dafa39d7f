// The endpoint table's path of the route that answered a request (`/api/task/tasks/:id/`, never the raw
// URL), noted by route() (http/route.ts) once per matched request: the metrics label their series with
// it, so a thousand task ids make one series. A symbol property on the response: no allocation.
import type { ServerResponse } from 'node:http';

const PATTERN = Symbol('route pattern');

interface Noted {
  [PATTERN]?: string;
}

export function noteRoutePattern(res: ServerResponse, pattern: string): void {
  (res as Noted)[PATTERN] = pattern;
}

/** What route() noted; undefined for what no table entry answered (the web's pages, 404s). */
export function routePatternOf(res: ServerResponse): string | undefined {
  return (res as Noted)[PATTERN];
}
