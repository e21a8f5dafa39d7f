// 権限: the permission table (from shared/permissions.ts, with its Japanese descriptions), groups with
// their permission sets, and a user's groups and direct permissions. is_staff and is_superuser are
// changed by a superuser only: another staff member's PUT that would change them is refused (403).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ZAdminGroup,
  ZAdminUserAccess,
  type TAdminGroup,
  type TAdminPermission,
  type TAdminUserAccess,
} from '@portal/shared/contracts/admin';
import { ALL_PERMISSIONS, PERM, PERMISSION_LABELS, type Permission } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  groupPermissions,
  groups,
  permissions,
  userGroups,
  userPermissions,
  users,
} from '../../db/schema/users.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { parseInput, recordChange, requireConsole, requireSuperuser } from './console-access.ts';

const PERMISSION_MSG = {
  nameTaken: 'このグループ名は既に使われています。',
  groupMissing: '存在しないグループが含まれています。',
} as const;

export async function listPermissions({ ctx }: { ctx: RequestContext }): Promise<TAdminPermission[]> {
  await requireConsole(ctx, PERM.viewGroup);
  return ALL_PERMISSIONS.map((codename) => ({ codename, label: PERMISSION_LABELS[codename] }));
}

async function permissionIds(db: Db, codenames: readonly Permission[]): Promise<number[]> {
  if (codenames.length === 0) return [];
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.codename, [...new Set(codenames)]));
  return rows.map((r) => r.id);
}

async function loadGroups(db: Db, id?: number): Promise<TAdminGroup[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    permissions: Permission[] | null;
    member_count: number;
  }>(
    db,
    sql`select g.id, g.name,
        (select array_agg(p.codename order by p.codename) from group_permissions gp
          join permissions p on p.id = gp.permission_id where gp.group_id = g.id) as permissions,
        (select count(*)::int from user_groups ug where ug.group_id = g.id) as member_count
      from groups g where ${id === undefined ? sql`true` : sql`g.id = ${id}`} order by g.name, g.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: r.permissions ?? [],
    member_count: Number(r.member_count),
  }));
}

async function findGroup(db: Db, id: number): Promise<TAdminGroup> {
  const [group] = await loadGroups(db, id);
  if (!group) throw new NotFound();
  return group;
}

export async function listGroups({ ctx }: { ctx: RequestContext }) {
  await requireConsole(ctx, PERM.viewGroup);
  return loadGroups(ctx.db);
}

export async function getGroup({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await requireConsole(ctx, PERM.viewGroup);
  return findGroup(ctx.db, input.id);
}

async function checkNameFree(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      exceptId === undefined ? eq(groups.name, name) : and(eq(groups.name, name), ne(groups.id, exceptId)),
    );
  if (row) throw ValidationError.field('name', PERMISSION_MSG.nameTaken);
}

async function setGroupPermissions(tx: Db, groupId: number, codenames: readonly Permission[]) {
  await tx.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
  const ids = await permissionIds(tx, codenames);
  if (ids.length > 0)
    await tx.insert(groupPermissions).values(ids.map((permissionId) => ({ groupId, permissionId })));
}

const groupSnapshot = (g: TAdminGroup) => ({ name: g.name, permissions: g.permissions });

export async function createGroup({ ctx, input }: { ctx: RequestContext; input: unknown }) {
  await requireConsole(ctx, PERM.changeGroup);
  const body = parseInput(ZAdminGroup, input);
  return ctx.db.transaction(async (tx) => {
    await checkNameFree(tx, body.name);
    const [row] = await tx.insert(groups).values({ name: body.name }).returning({ id: groups.id });
    await setGroupPermissions(tx, row!.id, body.permissions);
    const created = await findGroup(tx, row!.id);
    await recordChange(tx, ctx, {
      resource: 'groups',
      action: 'create',
      objectId: created.id,
      objectLabel: created.name,
      before: null,
      after: groupSnapshot(created),
    });
    return created;
  });
}

export async function replaceGroup({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}) {
  await requireConsole(ctx, PERM.changeGroup);
  const body = parseInput(ZAdminGroup, input.body);
  return ctx.db.transaction(async (tx) => {
    const before = await findGroup(tx, input.id);
    await checkNameFree(tx, body.name, input.id);
    await tx.update(groups).set({ name: body.name }).where(eq(groups.id, input.id));
    await setGroupPermissions(tx, input.id, body.permissions);
    const after = await findGroup(tx, input.id);
    await recordChange(tx, ctx, {
      resource: 'groups',
      action: 'update',
      objectId: after.id,
      objectLabel: after.name,
      before: groupSnapshot(before),
      after: groupSnapshot(after),
    });
    return after;
  });
}

export async function deleteGroup({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await requireConsole(ctx, PERM.changeGroup);
  await ctx.db.transaction(async (tx) => {
    const before = await findGroup(tx, input.id);
    await tx.delete(groups).where(eq(groups.id, input.id));
    await recordChange(tx, ctx, {
      resource: 'groups',
      action: 'delete',
      objectId: before.id,
      objectLabel: before.name,
      before: { ...groupSnapshot(before), member_count: before.member_count },
      after: null,
    });
  });
}

async function findAccess(db: Db, userId: number): Promise<TAdminUserAccess> {
  const [user] = await queryRows<{
    id: number;
    username: string;
    name: string;
    is_staff: boolean;
    is_superuser: boolean;
  }>(
    db,
    sql`select u.id, u.username, u.is_staff, u.is_superuser,
        coalesce(nullif(e.last_name || ' ' || e.first_name, ' '), nullif(u.full_name, ''), u.username) as name
      from users u left join employees e on e.user_id = u.id where u.id = ${userId}`,
  );
  if (!user) throw new NotFound();
  const groupRows = await db
    .select({ id: userGroups.groupId })
    .from(userGroups)
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(userGroups.groupId));
  const permRows = await db
    .select({ codename: permissions.codename })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId))
    .orderBy(asc(permissions.codename));
  return {
    user_id: user.id,
    username: user.username,
    name: user.name,
    groups: groupRows.map((g) => g.id),
    permissions: permRows.map((p) => p.codename as Permission),
    is_staff: user.is_staff,
    is_superuser: user.is_superuser,
  };
}

export async function getUserAccess({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await requireConsole(ctx, PERM.viewGroup);
  return findAccess(ctx.db, input.id);
}

export async function setUserAccess({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}) {
  await requireConsole(ctx, PERM.changeGroup);
  const body = parseInput(ZAdminUserAccess, input.body);
  return ctx.db.transaction(async (tx) => {
    const before = await findAccess(tx, input.id);
    if (before.is_staff !== body.is_staff || before.is_superuser !== body.is_superuser) requireSuperuser(ctx);
    const groupIds = [...new Set(body.groups)];
    if (groupIds.length > 0) {
      const found = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.id, groupIds));
      if (found.length !== groupIds.length)
        throw ValidationError.field('groups', PERMISSION_MSG.groupMissing);
    }
    await tx.delete(userGroups).where(eq(userGroups.userId, input.id));
    if (groupIds.length > 0)
      await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId: input.id, groupId })));
    await tx.delete(userPermissions).where(eq(userPermissions.userId, input.id));
    const ids = await permissionIds(tx, body.permissions);
    if (ids.length > 0)
      await tx
        .insert(userPermissions)
        .values(ids.map((permissionId) => ({ userId: input.id, permissionId })));
    await tx
      .update(users)
      .set({ isStaff: body.is_staff, isSuperuser: body.is_superuser })
      .where(eq(users.id, input.id));
    const after = await findAccess(tx, input.id);
    const snap = (a: TAdminUserAccess) => ({
      groups: a.groups,
      permissions: a.permissions,
      is_staff: a.is_staff,
      is_superuser: a.is_superuser,
    });
    await recordChange(tx, ctx, {
      resource: 'users',
      action: 'set_access',
      objectId: input.id,
      objectLabel: `${after.username} ${after.name}`,
      before: snap(before),
      after: snap(after),
    });
    return after;
  });
}
