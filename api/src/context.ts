// The request context every authenticated service call receives, with the caller's permissions
// (spec §6: Django-style codenames; a superuser holds every one). Services check permissions here and
// nowhere else: `await ctx.require(PERM.x)` first thing, `await ctx.can(PERM.x)` where the answer only
// shapes what is shown. The codenames are loaded on the first check of a request and kept for the rest
// of it, so a request that checks nothing costs no query and one that checks thrice costs one.
import type { Permission } from '@portal/shared/permissions';
import type { Db } from './db/client.ts';
import { PermissionDenied } from './errors.ts';
import { listPermissionCodenames } from './identity/permission-codenames.ts';

/** The signed-in user, as the auth middleware found them for this request. */
export interface AuthUser {
  readonly id: number;
  readonly username: string;
  readonly isStaff: boolean;
  readonly isSuperuser: boolean;
}

/** One permission, or a list of which any one suffices. */
export type PermissionQuery = Permission | readonly Permission[];

/** What every authenticated service call receives as `ctx`. */
export interface RequestContext {
  readonly db: Db;
  readonly user: AuthUser;
  readonly sessionId: string;
  /** Whether the caller holds the permission (or any one of the list). */
  can(perm: PermissionQuery): Promise<boolean>;
  /** Throws PermissionDenied (403, the generic Japanese message) unless the caller `can`. */
  require(perm: PermissionQuery): Promise<void>;
  /** The caller acts as this user's proxy in this request: the request's log line names them too. */
  actingFor(principalId: number): void;
}

type PermissionListener = (perm: Permission, user: AuthUser) => void;
const listeners = new Set<PermissionListener>();

/**
 * Calls `listener` with every permission any context consults, superusers' included; returns the
 * unsubscribe. For the test that finds, route by route, which permissions an endpoint needs.
 */
export function onPermissionCheck(listener: PermissionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A class, not an object of closures: one is made for every authenticated request, and its methods
 * then live once on the prototype (the cached lists answer thousands a second).
 */
class Context implements RequestContext {
  #held: Promise<ReadonlySet<string>> | undefined;

  constructor(
    readonly db: Db,
    readonly user: AuthUser,
    readonly sessionId: string,
    private readonly onActingFor: ((principalId: number) => void) | undefined,
  ) {}

  async can(perm: PermissionQuery): Promise<boolean> {
    const wanted: readonly Permission[] = typeof perm === 'string' ? [perm] : perm;
    for (const listener of listeners) for (const p of wanted) listener(p, this.user);
    if (this.user.isSuperuser) return true;
    this.#held ??= listPermissionCodenames(this.db, this.user.id).then((codenames) => new Set(codenames));
    const codenames = await this.#held;
    return wanted.some((p) => codenames.has(p));
  }

  async require(perm: PermissionQuery): Promise<void> {
    if (!(await this.can(perm))) throw new PermissionDenied();
  }

  actingFor(principalId: number): void {
    this.onActingFor?.(principalId);
  }
}

export function requestContext(
  db: Db,
  user: AuthUser,
  sessionId: string,
  options: { onActingFor?: (principalId: number) => void } = {},
): RequestContext {
  return new Context(db, user, sessionId, options.onActingFor);
}
