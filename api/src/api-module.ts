// What an API module declares next to its router, and how app.ts mounts it.
import type { Router, RequestHandler } from 'express';
import type { Endpoint } from '@portal/shared/endpoints/endpoint';
import type { ChangeFeed } from './cache/change-feed.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { LoginThrottle } from './identity/login-throttle.ts';
import type { TokenService } from './identity/tokens.ts';
import type { Redis } from 'ioredis';
import type { PortalMetrics } from './metrics/portal-metrics.ts';

/** What the server hands the app for readiness (modules/health/readiness.ts); the rest is configuration. */
export interface ReadinessParts {
  /** The API's Redis connection (the bot's queues); absent when REDIS_URL is unset. */
  readonly redis?: Redis | undefined;
  /** Set for an embedded database with automatic backups on; otherwise the backup checks are off. */
  readonly backupDir?: string | undefined;
  /** True once a stop was asked for. */
  readonly stopping?: () => boolean;
  readonly now?: () => Date;
}

/** Everything app.ts hands the modules; each router takes the part it needs. */
export interface ModuleDeps {
  readonly config: AppConfig;
  readonly db: Db;
  readonly logger: Logger;
  readonly tokens: TokenService;
  readonly throttle: LoginThrottle;
  /** What lets a module cache its answers; without it nothing is cached. */
  readonly changes: ChangeFeed;
  /** Signed-in users; the bot's credential is refused except where service-credential.ts says. */
  readonly requireAuth: RequestHandler;
  /** The bot's service credential only. */
  readonly requireService: RequestHandler;
  /** Whether the queue dashboard is mounted (it needs the bot's queues, so Redis). */
  readonly queueBoardOn: boolean;
  /** What readiness looks at beyond the database (serve.ts fills it; tests may). */
  readonly readiness: ReadinessParts;
  /** Prometheus metrics (METRICS_PORT); absent, nothing is counted. */
  readonly metrics?: PortalMetrics | undefined;
}

export interface ApiModule {
  readonly name: string;
  /**
   * Where the module's routes live, relative to where it is mounted (/api for all but one). The module
   * is entered only for paths under one of them: a route outside them answers 404.
   */
  readonly prefixes: readonly string[];
  router(deps: ModuleDeps): Router;
}

/**
 * A module whose routes are entries of the endpoint table: its prefixes come from their paths, so a
 * new entry needs no second spelling here.
 */
export function moduleOf(
  name: string,
  area: Readonly<Record<string, Endpoint>>,
  router: (deps: ModuleDeps) => Router,
  base = '/api',
): ApiModule {
  return { name, prefixes: prefixesOf(Object.values(area), base), router };
}

/**
 * Each path's literal start up to its first parameter (a literal path without its trailing slash,
 * which callers may leave out), less those a shorter one already covers.
 */
export function prefixesOf(list: readonly Endpoint[], base = '/api'): string[] {
  const starts = list.map(({ path }) => {
    const relative = path.slice(base.length);
    const param = relative.indexOf('/:');
    return param === -1 ? relative.replace(/(.)\/$/, '$1') : relative.slice(0, param + 1);
  });
  const unique = [...new Set(starts)].sort((a, b) => a.length - b.length);
  return unique.filter((start, i) => !unique.slice(0, i).some((shorter) => start.startsWith(shorter)));
}

/** A mounted module, as route-table.ts finds it on the gate that app.ts mounts. */
export interface MountedModule {
  readonly name: string;
  readonly router: Router;
}

export const MOUNTED_MODULE = Symbol('mounted module');

/**
 * The module's router behind a gate on its prefixes. Without the gate every request walks every
 * module's routes in turn, which cost a cached list answer a tenth of its CPU.
 */
export function mountModule(module: ApiModule, deps: ModuleDeps): RequestHandler {
  const router = module.router(deps);
  const gate: RequestHandler = (req, res, next) => {
    if (module.prefixes.some((prefix) => req.path.startsWith(prefix))) router(req, res, next);
    else next();
  };
  const mounted: MountedModule = { name: module.name, router };
  return Object.assign(gate, { [MOUNTED_MODULE]: mounted });
}
