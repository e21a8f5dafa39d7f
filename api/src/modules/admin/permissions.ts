// 権限: the permission table (from shared/permissions.ts, with its Japanese descriptions), groups with
// their permission sets, and a user's groups and direct permissions. is_staff and is_superuser are
// changed by a superuser only: another staff member's PUT that would change them is refused (403).
// Nor may a non-superuser grant or withdraw a permission they do not hold themselves, directly or by
// a group (a group's permissions, or a user's groups): else auth.change_group would grant everything.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  TAdminGroup,
  TAdminGroupRequest,
  TAdminPermission,
  TAdminUserAccess,
  TAdminUserAccessRequest,
} from '@portal/shared/contracts/admin';
import { ALL_PERMISSIONS, PERMISSION_LABELS, type Permission } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import {
  groupPermissions,
  groups,
  permissions,
  userGroups,
  userPermissions,
  users,
} from '../../db/schema/users.ts';
import { NotFound, PermissionDenied, ValidationError } from '../../errors.ts';
import { userDisplayName } from '../people/display-names.ts';
import { consoleChange, nothingBefore, requireSuperuser, type OnRecord } from './console-access.ts';

const PERMISSION_MSG = {
  nameTaken: 'このグループ名は既に使われています。',
  groupMissing: '存在しないグループが含まれています。',
  notHeld: (labels: string) => `自分が持っていない権限は付与も取り消しもできません（${labels}）。`,
} as const;

/**
 * Refuses (403) a change that grants or withdraws a permission the caller does not hold: only a
 * superuser hands out what they lack. `before` and `after` are the permissions as granted.
 */
async function requireHeld(
  ctx: RequestContext,
  before: readonly Permission[],
  after: readonly Permission[],
): Promise<void> {
  if (ctx.user.isSuperuser) return;
  const was = new Set(before);
  const now = new Set(after);
  const changed = [...new Set([...before, ...after])].filter((p) => was.has(p) !== now.has(p));
  const lacking: Permission[] = [];
  for (const codename of changed) if (!(await ctx.can(codename))) lacking.push(codename);
  if (lacking.length > 0)
    throw new PermissionDenied(PERMISSION_MSG.notHeld(lacking.map((p) => PERMISSION_LABELS[p]).join('、')));
}

/** The permissions the groups grant, together. */
async function permissionsOfGroups(db: Db, ids: readonly number[]): Promise<Permission[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(inArray(groupPermissions.groupId, [...ids]));
  return rows.map((r) => r.codename as Permission);
}

export function listPermissions(): TAdminPermission[] {
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
  return loadGroups(ctx.db);
}

export async function getGroup({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
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

const groupSnapshotOrNull = (g: TAdminGroup | null) => g && groupSnapshot(g);

/** A group's creation or change: its name free, its permissions set (those changed held by the caller). */
function writeGroup(ctx: RequestContext, id: number | null, body: TAdminGroupRequest): Promise<TAdminGroup> {
  return consoleChange(ctx, {
    resource: 'groups',
    before: id === null ? nothingBefore : (tx) => findGroup(tx, id),
    write: async (tx, before) => {
      await requireHeld(ctx, before?.permissions ?? [], body.permissions);
      await checkNameFree(tx, body.name, id ?? undefined);
      let groupId = id;
      if (groupId === null) {
        const [row] = await tx.insert(groups).values({ name: body.name }).returning({ id: groups.id });
        groupId = row!.id;
      } else await tx.update(groups).set({ name: body.name }).where(eq(groups.id, groupId));
      await setGroupPermissions(tx, groupId, body.permissions);
      return findGroup(tx, groupId);
    },
    audit: (before, after) => ({
      action: before === null ? 'create' : 'update',
      objectId: after.id,
      objectLabel: after.name,
      before: groupSnapshotOrNull(before),
      after: groupSnapshot(after),
    }),
  });
}

export async function createGroup({ ctx, input }: { ctx: RequestContext; input: TAdminGroupRequest }) {
  return writeGroup(ctx, null, input);
}

export async function replaceGroup({ ctx, input }: OnRecord<TAdminGroupRequest>) {
  return writeGroup(ctx, input.id, input.body);
}

/** Deleting a group withdraws its permissions from its members: the caller must hold them. */
export async function deleteGroup({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await consoleChange(ctx, {
    resource: 'groups',
    before: (tx) => findGroup(tx, input.id),
    write: async (tx, before) => {
      if (before.member_count > 0) await requireHeld(ctx, before.permissions, []);
      await tx.delete(groups).where(eq(groups.id, input.id));
    },
    audit: (before) => ({
      action: 'delete',
      objectId: before.id,
      objectLabel: before.name,
      before: { ...groupSnapshot(before), member_count: before.member_count },
      after: null,
    }),
  });
}

const u = alias(users, 'u');
const e = alias(employees, 'e');

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
        ${userDisplayName(u, e)} as name
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
  return findAccess(ctx.db, input.id);
}

const accessSnapshot = (a: TAdminUserAccess) => ({
  groups: a.groups,
  permissions: a.permissions,
  is_staff: a.is_staff,
  is_superuser: a.is_superuser,
});

export async function setUserAccess({
  ctx,
  input: { id, body },
}: OnRecord<TAdminUserAccessRequest>): Promise<TAdminUserAccess> {
  return consoleChange(ctx, {
    resource: 'users',
    before: (tx) => findAccess(tx, id),
    write: async (tx, before) => {
      if (before.is_staff !== body.is_staff || before.is_superuser !== body.is_superuser)
        requireSuperuser(ctx);
      const groupIds = [...new Set(body.groups)];
      if (groupIds.length > 0) {
        const found = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.id, groupIds));
        if (found.length !== groupIds.length)
          throw ValidationError.field('groups', PERMISSION_MSG.groupMissing);
      }
      await requireHeld(ctx, before.permissions, body.permissions);
      const was = new Set(before.groups);
      const now = new Set(groupIds);
      await requireHeld(
        ctx,
        await permissionsOfGroups(
          tx,
          before.groups.filter((g) => !now.has(g)),
        ),
        await permissionsOfGroups(
          tx,
          groupIds.filter((g) => !was.has(g)),
        ),
      );
      await tx.delete(userGroups).where(eq(userGroups.userId, id));
      if (groupIds.length > 0)
        await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId: id, groupId })));
      await tx.delete(userPermissions).where(eq(userPermissions.userId, id));
      const ids = await permissionIds(tx, body.permissions);
      if (ids.length > 0)
        await tx.insert(userPermissions).values(ids.map((permissionId) => ({ userId: id, permissionId })));
      await tx
        .update(users)
        .set({ isStaff: body.is_staff, isSuperuser: body.is_superuser })
        .where(eq(users.id, id));
      return findAccess(tx, id);
    },
    audit: (before, after) => ({
      action: 'set_access',
      objectId: id,
      objectLabel: `${after.username} ${after.name}`,
      before: accessSnapshot(before),
      after: accessSnapshot(after),
    }),
  });
}
