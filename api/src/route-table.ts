// Every route of an app built by createApp(), read from its routers: what the permission walk and
// the docs check take as the list of endpoints, so a new route is covered the day it is added.
import type { Express } from 'express';
import { MOUNTED_MODULE, type MountedModule } from './api-module.ts';

export interface RouteEntry {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  module: string;
}

const METHODS = new Set<string>(['get', 'post', 'put', 'patch', 'delete'] satisfies RouteEntry['method'][]);

/** The part of Express 5's router (the `router` package) that the walk reads. */
interface Layer {
  /** The path given to use() or route(). */
  readonly rawPath?: string | RegExp | readonly (string | RegExp)[];
  readonly route?: {
    readonly path: string | RegExp | readonly (string | RegExp)[];
    readonly methods: object;
  };
  readonly handle: { readonly stack?: readonly Layer[]; readonly [MOUNTED_MODULE]?: MountedModule };
}

function pathsOf(raw: Layer['rawPath']): string[] {
  const all = Array.isArray(raw) ? raw : [raw ?? '/'];
  return all.map((path) => {
    if (typeof path !== 'string') throw new Error(`route-table: a regular-expression path (${String(path)})`);
    return path;
  });
}

/**
 * `/api` + `/task/tasks/:id` → `/api/task/tasks/:id/` (the API is called with the trailing slash);
 * a file name (`/openapi.json`) is called without.
 */
function join(base: string, path: string): string {
  const full = `${base}/${path}`.replace(/\/{2,}/g, '/');
  return full.endsWith('/') || /\.\w+$/.test(full) ? full : `${full}/`;
}

function walk(stack: readonly Layer[], base: string, module: string, out: RouteEntry[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m): m is RouteEntry['method'] =>
        METHODS.has(m),
      );
      for (const path of pathsOf(layer.route.path))
        for (const method of methods) out.push({ method, path: join(base, path), module });
      continue;
    }
    const mounted = layer.handle[MOUNTED_MODULE];
    const stackOf = mounted ? (mounted.router as unknown as Layer['handle']).stack : layer.handle.stack;
    if (!stackOf) continue;
    for (const path of pathsOf(layer.rawPath)) walk(stackOf, join(base, path), mounted?.name ?? module, out);
  }
}

/**
 * Every route with its method, full path (an Express 5 pattern) and module, in the order Express
 * tries them. Routes outside a module (the queue board, the SPA's files) are left out.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  walk((app.router as unknown as Layer['handle']).stack ?? [], '', '', out);
  return out.filter((route) => route.module !== '');
}
