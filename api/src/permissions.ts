// Server-side permission checks (spec §6): a superuser holds every permission.
import { hasPerm, type Permission } from '@portal/shared/permissions';
import type { RequestContext } from './context.ts';
import { PermissionDenied } from './errors.ts';
import { listPermissionCodenames } from './modules/account/account.repository.ts';

export async function requirePerm(ctx: RequestContext, perm: Permission): Promise<void> {
  if (ctx.user.isSuperuser) return;
  const perms = await listPermissionCodenames(ctx.db, ctx.user.id);
  if (!hasPerm({ is_superuser: false, perms }, perm)) throw new PermissionDenied();
}
