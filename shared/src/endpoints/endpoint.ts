// One endpoint as the API mounts it and the web and the bot call it. The table holds no zod (the web's
// bundle budgets): a path, a method, who may call it, and the request and answer types as phantom
// types. The API pairs each entry with its zod schemas where it mounts it (api/src/http/route.ts).
import type { Permission } from '../permissions.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The request and answer types of an endpoint; a part it does not take is left out. */
export interface Io {
  readonly query?: unknown;
  readonly body?: unknown;
  readonly answer?: unknown;
}

/**
 * The answer of a download: the file itself (binary, named by Content-Disposition), not JSON. The API
 * handler sends it and the web fetches it with `api.download(entry, params)`.
 */
export interface FileAnswer {
  readonly file: true;
}

/** Who may call: a signed-in user (the default), anybody, or the bot's service credential only. */
export type Caller = 'user' | 'public' | 'service';

export interface EndpointOptions {
  readonly caller?: Caller;
  /** A permission every caller needs (of a list, any one), checked before the input is parsed (403 before 400). */
  readonly permission?: Permission | readonly Permission[];
  /** Staff (or a superuser) only, checked before the input is parsed. */
  readonly staff?: true;
  /**
   * A JSON body larger than the API's 4 MB default, in bytes: a save carrying several upload strings
   * (uploadsBodyBytes). The API's body parser reads this path's body up to it (api/src/http/body-limits.ts).
   */
  readonly bodyLimit?: number;
}

/** Base64 grows a file by 4/3; what a body of `files` upload strings of `bytes` each (and its text) may weigh. */
export const uploadsBodyBytes = (files: number, bytes: number): number =>
  files * Math.ceil(bytes / 3) * 4 + 1024 * 1024;

export interface Endpoint<P extends string = string, T extends Io = Io> extends EndpointOptions {
  readonly method: Method;
  /** The full path, an Express 5 pattern with named parameters and the trailing slash the API is called with. */
  readonly path: P;
  /** Never set: carries the types. */
  readonly io?: T;
}

/** `io<{ answer: TFoo }>()` names an endpoint's types; it is nothing at run time. */
export const io = <T extends Io>(): T | undefined => undefined;

export function endpoint<const P extends string, T extends Io>(
  method: Method,
  path: P,
  _types: T | undefined,
  options: EndpointOptions = {},
): Endpoint<P, T> {
  return { method, path, ...options };
}

export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The named parameters of a path: `/api/tasks/:id/nodes/:nodeId/` → `{ id; nodeId }`. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string | number };

export type ParamsOf<E> = E extends Endpoint<infer P, Io> ? PathParams<P> : never;
export type QueryOf<E> = E extends Endpoint<string, infer T> ? T['query'] : never;
export type BodyOf<E> = E extends Endpoint<string, infer T> ? T['body'] : never;
export type AnswerOf<E> = E extends Endpoint<string, infer T> ? T['answer'] : never;

/** The path of an entry with its parameters filled in, each encoded. */
export function endpointPath<E extends Endpoint>(entry: E, params: ParamsOf<E>): string {
  const values = params as Readonly<Record<string, string | number>>;
  return entry.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`endpointPath: ${entry.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The parameter names of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}
