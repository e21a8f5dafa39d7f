// The bot's credential (shared/src/contracts/bot-jobs.ts): `Authorization: Service <BOT_SERVICE_TOKEN>`,
// plus `X-Lark-Open-Id` when it acts for the Lark user who clicked a card. It is trusted for two
// things only: the /api/bot/ routes (requireService), and the approval endpoint on a node that the
// named user may act on — as one of its approvers, or as a proxy of one today (withServiceCredential).
// Whether the node still awaits action is the approval service's own check (409 otherwise), so a card
// clicked after the web acted learns the current state instead of a bare refusal.
import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import { LARK_OPEN_ID_HEADER, SERVICE_AUTH_SCHEME } from '@portal/shared/contracts/bot-jobs';
import { requestContext, type AuthUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { larkBindings } from '../../db/schema/lark.ts';
import { users } from '../../db/schema/users.ts';
import { InvalidToken, PermissionDenied } from '../../errors.ts';
import { attachContext } from '../../middleware/authenticate.ts';
import { notePrincipal } from '../../middleware/request-logger.ts';
import { parseId } from '../../middleware/validate.ts';
import { findApproverNode } from '../tasks/act-on-node.ts';
import { approversOf, capacityOf } from '../tasks/flow.ts';

/** The one route a Lark user's click may reach through the bot (the route path as tasks.routes.ts declares it). */
const APPROVAL_ROUTE = '/task/tasks/:id/nodes/:nodeId/approval';
/** Stands in for a session id: the bot's calls belong to no sign-in session. */
export const SERVICE_SESSION_ID = 'service:bot';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token after `Service `, or null when the request does not claim to be the bot. */
function serviceTokenOf(req: Request): string | null {
  const [scheme, token, ...rest] = (req.get('authorization') ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== SERVICE_AUTH_SCHEME.toLowerCase()) return null;
  if (!token || rest.length > 0) throw new InvalidToken();
  return token;
}

export interface ServiceCredential {
  /** True when the request carries the bot's credential (checked); throws 401 on a wrong token. */
  isService(req: Request): boolean;
  /** Guards the bot-internal routes. */
  readonly requireService: RequestHandler;
  /** Wraps the portal's requireAuth: the bot's credential passes only where said above. */
  withServiceCredential(requireAuth: RequestHandler): RequestHandler;
}

/** `token` undefined: the bot is not configured, and every `Service` credential is refused. */
export function serviceCredential(db: Db, token: string | undefined): ServiceCredential {
  const expected = token ? digest(token) : null;

  function isService(req: Request): boolean {
    const presented = serviceTokenOf(req);
    if (presented === null) return false;
    if (!expected || !timingSafeEqual(digest(presented), expected)) throw new InvalidToken();
    return true;
  }

  async function larkUser(openId: string): Promise<AuthUser> {
    const [row] = await db
      .select({
        id: users.id,
        username: users.username,
        isStaff: users.isStaff,
        isSuperuser: users.isSuperuser,
        isActive: users.isActive,
      })
      .from(larkBindings)
      .innerJoin(users, eq(users.id, larkBindings.userId))
      .where(eq(larkBindings.openId, openId))
      .limit(1);
    if (!row?.isActive) throw new PermissionDenied();
    return { id: row.id, username: row.username, isStaff: row.isStaff, isSuperuser: row.isSuperuser };
  }

  return {
    isService,
    requireService: (req, _res, next) => {
      if (!isService(req)) throw new PermissionDenied();
      next();
    },
    withServiceCredential: (requireAuth) => async (req, res, next) => {
      if (!isService(req)) return requireAuth(req, res, next);
      const openId = req.get(LARK_OPEN_ID_HEADER)?.trim();
      if (req.method !== 'POST' || req.route?.path !== APPROVAL_ROUTE || !openId) {
        throw new PermissionDenied();
      }
      const user = await larkUser(openId);
      const taskId = parseId(req.params.id);
      const node = await findApproverNode(db, taskId, parseId(req.params.nodeId));
      if (!(await capacityOf(db, await approversOf(db, node.id), user.id))) throw new PermissionDenied();
      const onActingFor = (principalId: number) => notePrincipal(req, principalId);
      attachContext(req, requestContext(db, user, SERVICE_SESSION_ID, { onActingFor }));
      next();
    },
  };
}
