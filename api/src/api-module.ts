// What an API module declares next to its router, and how app.ts mounts it.
import type { Router, RequestHandler } from 'express';
import type { ChangeFeed } from './cache/change-feed.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { LoginThrottle } from './modules/auth/login-throttle.ts';
import type { TokenService } from './modules/auth/tokens.ts';

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
