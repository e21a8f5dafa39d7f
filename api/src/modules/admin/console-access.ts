// Who may use the administration console, and its audit trail. Every console action starts with
// `requireConsole(ctx, PERM.x)`: a caller without is_staff is refused (403) whatever they hold, a
// staff member without the resource's permission too (a superuser holds every one). Every change
// calls `recordChange` inside its own transaction, so the trail and the change commit together.
import type { Permission } from '@portal/shared/permissions';
import { z } from 'zod';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { PermissionDenied, ValidationError } from '../../errors.ts';

export const ADMIN_MSG = {
  staffOnly: '管理画面はスタッフ権限のあるユーザーだけが利用できます。',
  superuserOnly: 'この操作はスーパーユーザーだけが行えます。',
} as const;

export async function requireConsole(ctx: RequestContext, perm: Permission | readonly Permission[]) {
  if (!ctx.user.isStaff && !ctx.user.isSuperuser) throw new PermissionDenied(ADMIN_MSG.staffOnly);
  await ctx.require(perm);
}

export function requireSuperuser(ctx: RequestContext): void {
  if (!ctx.user.isSuperuser) throw new PermissionDenied(ADMIN_MSG.superuserOnly);
}

/** Bodies are parsed after the permission check, so a caller without it learns nothing but 403. */
export function parseInput<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  // The console's contracts are zod/mini (shared/contracts/admin.ts): the top-level safeParse takes either.
  const result = z.safeParse(schema, body ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

export interface Change {
  readonly resource: 'organizations' | 'people' | 'groups' | 'users' | 'company' | 'stations';
  readonly action: string;
  readonly objectId: number | null;
  readonly objectLabel: string;
  readonly before: unknown;
  readonly after: unknown;
}

export async function recordChange(tx: Db, ctx: RequestContext, change: Change): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: ctx.user.id,
    actorName: ctx.user.username,
    resource: change.resource,
    action: change.action,
    objectId: change.objectId,
    objectLabel: change.objectLabel.slice(0, 200),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}
