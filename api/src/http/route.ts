// Mounts one entry of the endpoint table (shared/src/endpoints/): its method and path, 405 for the
// path's other methods, the caller check, the path's parameters (404 when one cannot name a record),
// the declared permission before the query and body are parsed (403 before 400), then those parsed,
// and the handler's answer sent. Checks that depend on the record (scope, ownership) stay in the
// services. Under tests (config.env 'test') every answer is also checked against the entry's answer
// schema, so a service that drifts from the contract fails its tests with a 500 naming the entry.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { AnswerOf, Endpoint, Io, ParamNames } from '@portal/shared/endpoints/endpoint';
import { API_MSG } from '@portal/shared/messages';
import type { ModuleDeps } from '../api-module.ts';
import { noteRoutePattern } from '../metrics/route-pattern.ts';
import type { RequestContext } from '../context.ts';
import { AnswerBreaksContract, PermissionDenied, ValidationError } from '../errors.ts';
import { contextOf } from '../middleware/authenticate.ts';
import { methodNotAllowed } from '../middleware/method-not-allowed.ts';
import { parseId } from '../middleware/validate.ts';

/** A module's router with what its entries' callers need. */
export interface EndpointRouter {
  readonly router: Router;
  readonly requireAuth: RequestHandler;
  readonly requireService: RequestHandler;
  /** Where the module is mounted: the table's paths start with it. */
  readonly base: string;
  /** Check each answer against its entry's answer schema (tests only: it costs a copy and a parse). */
  readonly checkAnswers: boolean;
  /** Notes the entry's path on the response for the metrics' label; nothing when metrics are off. */
  readonly notePattern: (res: Response, pattern: string) => void;
}

// Off, noting costs more than nothing: a property added to every response changes its shape, which
// cost the cached approval list a tenth of its throughput (docs/benchmarks.md, issue 28).
const noNote = () => {};

export function endpointRouter(
  deps: Pick<ModuleDeps, 'requireAuth' | 'requireService' | 'config' | 'metrics'>,
  base = '/api',
): EndpointRouter {
  return {
    router: Router(),
    requireAuth: deps.requireAuth,
    requireService: deps.requireService,
    base,
    checkAnswers: deps.config.env === 'test',
    notePattern: deps.metrics ? noteRoutePattern : noNote,
  };
}

/** `id` and `…Id` are record ids (a non-number names no record: 404); the rest stay strings. */
type ParamValue<K extends string> = K extends 'id' | `${string}Id` ? number : string;
type DefaultParams<P extends string> = { readonly [K in ParamNames<P>]: ParamValue<K> };
type RawParams<P extends string> = { readonly [K in ParamNames<P>]: string };

export interface Schemas<P extends string, Params, Query, Body> {
  /** Parses the path parameters when the id rule above does not fit (year and month, codes). */
  readonly params?: (raw: RawParams<P>) => Params;
  readonly query?: z.core.$ZodType<Query>;
  /**
   * Left out where the service parses the body itself after a check that depends on the record, so
   * that check keeps coming first; the handler then gets the body as sent.
   */
  readonly body?: z.core.$ZodType<Body>;
  /**
   * Throws before anything is parsed, for a door this deployment keeps closed (a sign-in method it
   * has not set up answers 404 whatever is sent).
   */
  readonly guard?: () => void;
  /** The success status when it is not 200; 204 sends no body. */
  readonly status?: 201 | 204;
  /** The answer's contract: the OpenAPI document's (openapi.ts), and checked under tests. */
  readonly answer?: z.core.$ZodType;
}

/** What each mounted entry was given, for the OpenAPI document. */
export const mountedSchemas = new Map<Endpoint, Schemas<string, unknown, unknown, unknown>>();

export interface RouteInput<Params, Query, Body> {
  /** The signed-in caller (or the bot); not for public endpoints. */
  readonly ctx: RequestContext;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly req: Request;
  readonly res: Response;
}

/**
 * What a handler returns when it has sent the answer itself: a download (an entry answering
 * FileAnswer), or a JSON text it kept from an earlier request.
 */
class Sent {
  private readonly sent = true;
}
export const SENT = new Sent();

type PathOf<E> = E extends Endpoint<infer P, Io> ? P : never;

/** Each path's one Express route, per router. */
type PathRoute = ReturnType<Router['route']>;
const pathRoutes = new WeakMap<Router, Map<string, PathRoute>>();

export function route<
  E extends Endpoint,
  Params = DefaultParams<PathOf<E>>,
  Query = undefined,
  Body = unknown,
>(
  on: EndpointRouter,
  endpoint: E,
  schemas: Schemas<PathOf<E>, Params, Query, Body>,
  handler: (input: RouteInput<Params, Query, Body>) => Promise<AnswerOf<E> | Sent> | AnswerOf<E> | Sent,
): void {
  if (!endpoint.path.startsWith(`${on.base}/`))
    throw new Error(`route: ${endpoint.path} is not under ${on.base}`);
  const path = endpoint.path.slice(on.base.length).replace(/(.)\/$/, '$1');
  const pathRoute = routeAt(on.router, path, endpoint.path);
  mountedSchemas.set(endpoint, schemas as Schemas<string, unknown, unknown, unknown>);

  // The metrics' route label is noted by the first handler a request meets (the caller check, which
  // may answer 401 itself), without a layer of its own.
  const check = endpoint.caller === 'service' ? on.requireService : on.requireAuth;
  const { notePattern } = on;
  const caller: RequestHandler[] =
    endpoint.caller === 'public'
      ? []
      : [
          notePattern === noNote
            ? check
            : (req, res, next) => {
                notePattern(res, endpoint.path);
                return check(req, res, next);
              },
        ];
  const handle: RequestHandler = async (req, res) => {
    // Noted already by the caller check, except on a public entry.
    if (endpoint.caller === 'public') notePattern(res, endpoint.path);
    // A path that cannot name a record (`/files/abc/`) names nothing, whoever asks: 404 first, as
    // before the table; the query and body are parsed only once the caller may act (403 before 400).
    schemas.guard?.();
    const raw = req.params as Record<string, string>;
    const params = (schemas.params ? schemas.params(raw as RawParams<PathOf<E>>) : idParams(raw)) as Params;
    if (endpoint.staff) {
      const { user } = contextOf(req);
      if (!user.isStaff && !user.isSuperuser) throw new PermissionDenied(API_MSG.staffOnly);
    }
    if (endpoint.permission) await contextOf(req).require(endpoint.permission);
    const query = (schemas.query ? parse(schemas.query, req.query) : undefined) as Query;
    const body = (schemas.body ? parse(schemas.body, req.body ?? {}) : req.body) as Body;
    const input: RouteInput<Params, Query, Body> = {
      get ctx() {
        return contextOf(req);
      },
      params,
      query,
      body,
      req,
      res,
    };
    const answer = await handler(input);
    if (answer === SENT && !res.headersSent) throw new Error(`route: ${endpoint.path} sent nothing`);
    if (res.headersSent) return;
    if (on.checkAnswers && schemas.answer && schemas.status !== 204)
      checkAnswer(endpoint, schemas.answer, answer);
    if (schemas.status) res.status(schemas.status);
    if (schemas.status === 204) res.end();
    else res.json(answer);
  };
  pathRoute[endpoint.method](...caller, handle);
  keepNotMountedLast(pathRoute);
}

const NOT_MOUNTED = Symbol('405');

type NotMounted = RequestHandler & { [NOT_MOUNTED]?: true };

/**
 * What a request reaching the end of the path's route gets: Express tries a route's handlers in
 * order, skipping those of other methods, so only a method nobody mounted gets here (HEAD rides on
 * GET, as Express does). `pattern` labels it in the metrics.
 */
function notMountedAt(pattern: string): NotMounted {
  const handler: RequestHandler = (req, res, next) => {
    noteRoutePattern(res, pattern);
    methodNotAllowed(req, res, next);
  };
  return Object.assign(handler, { [NOT_MOUNTED]: true as const });
}

/**
 * Moves the 405 behind the method just added, so that a request for a mounted method never passes
 * through it (a dispatch less for every request).
 */
function keepNotMountedLast(pathRoute: PathRoute): void {
  const stack = (pathRoute as unknown as { stack: { handle: NotMounted }[] }).stack;
  const at = stack.findIndex((layer) => layer.handle[NOT_MOUNTED]);
  if (at === -1) throw new Error('route: the 405 handler is missing');
  stack.push(...stack.splice(at, 1));
}

/**
 * The path's route, made on first use: every entry on the path joins it rather than adding a route
 * of its own, so a request matches the path's pattern once (each route is a layer the router tries
 * in turn; two per entry cost the cached list a tenth of its throughput, docs/benchmarks.md).
 */
function routeAt(router: Router, path: string, pattern: string): PathRoute {
  let paths = pathRoutes.get(router);
  if (!paths) pathRoutes.set(router, (paths = new Map()));
  let pathRoute = paths.get(path);
  if (!pathRoute) paths.set(path, (pathRoute = router.route(path).all(notMountedAt(pattern))));
  return pathRoute;
}

function idParams(raw: Record<string, string>): Record<string, string | number> {
  // Most list paths have no parameter: no copy for them.
  if (!hasOwnKeys(raw)) return raw;
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      name === 'id' || name.endsWith('Id') ? parseId(value) : value,
    ]),
  );
}

function hasOwnKeys(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

function checkAnswer(endpoint: Endpoint, schema: z.core.$ZodType, answer: unknown): void {
  // As the client reads it: dates become strings, undefined fields disappear.
  const sent: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const result = z.safeParse(schema, sent);
  if (result.success) return;
  const error = new AnswerBreaksContract(
    `${endpoint.method.toUpperCase()} ${endpoint.path}`,
    z.prettifyError(result.error),
  );
  console.error(error.message);
  throw error;
}

function parse<T>(schema: z.core.$ZodType<T>, value: unknown): T {
  const result = z.safeParse(schema, value);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data as T;
}
