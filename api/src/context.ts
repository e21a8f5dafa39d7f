import type { Db } from './db/client.ts';

/** The signed-in user, as the auth middleware found them for this request. */
export interface AuthUser {
  readonly id: number;
  readonly username: string;
  readonly isStaff: boolean;
  readonly isSuperuser: boolean;
}

/** What every authenticated service call receives as `ctx`. */
export interface RequestContext {
  readonly db: Db;
  readonly user: AuthUser;
  readonly sessionId: string;
}
