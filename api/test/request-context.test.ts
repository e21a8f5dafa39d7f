import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { onPermissionCheck, requestContext, type AuthUser } from '../src/context.ts';
import type { Db } from '../src/db/client.ts';
import { permissions, userPermissions, users } from '../src/db/schema/users.ts';
import { PermissionDenied } from '../src/errors.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

async function userNamed(username: string): Promise<AuthUser> {
  const [user] = await t.db
    .select({
      id: users.id,
      username: users.username,
      isStaff: users.isStaff,
      isSuperuser: users.isSuperuser,
    })
    .from(users)
    .where(eq(users.username, username));
  return user!;
}

/** A database that fails the test on any query. */
const noQueries = new Proxy({} as Db, {
  get(_target, name) {
    throw new Error(`unexpected database use: ${String(name)}`);
  },
});

describe('RequestContext permissions', () => {
  it("answers from the caller's own and group codenames; require throws the typed 403", async () => {
    const ctx = requestContext(t.db, await userNamed('hr'), 'session');
    expect(await ctx.can(PERM.viewExpenseAttendance)).toBe(true);
    expect(await ctx.can(PERM.viewAttendance)).toBe(true);
    expect(await ctx.can(PERM.changeCompanyCalendar)).toBe(false);
    expect(await ctx.can([PERM.changeCompanyCalendar, PERM.viewAttendance])).toBe(true);
    await expect(ctx.require(PERM.viewExpenseAttendance)).resolves.toBeUndefined();
    const refused = ctx.require(PERM.changeCompanyCalendar);
    await expect(refused).rejects.toBeInstanceOf(PermissionDenied);
    await expect(refused).rejects.toMatchObject({ status: 403, message: API_MSG.permissionDenied });
  });

  it('loads the codenames once per context, on the first check', async () => {
    const yamada = await userNamed('yamada');
    const ctx = requestContext(t.db, yamada, 'session');
    expect(await ctx.can(PERM.changeCompanyCalendar)).toBe(false);
    const [perm] = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.codename, PERM.changeCompanyCalendar));
    await t.db.insert(userPermissions).values({ userId: yamada.id, permissionId: perm!.id });
    try {
      // The same request keeps what it read; the next one sees the grant.
      expect(await ctx.can(PERM.changeCompanyCalendar)).toBe(false);
      expect(await requestContext(t.db, yamada, 'session').can(PERM.changeCompanyCalendar)).toBe(true);
    } finally {
      await t.db
        .delete(userPermissions)
        .where(and(eq(userPermissions.userId, yamada.id), eq(userPermissions.permissionId, perm!.id)));
    }
  });

  it('costs no query until a check, and none at all for a superuser', async () => {
    const unchecked = requestContext(noQueries, await userNamed('yamada'), 'session');
    expect(unchecked.user.username).toBe('yamada');
    const admin = requestContext(noQueries, await userNamed('admin'), 'session');
    expect(await admin.can(PERM.deleteWorkflow)).toBe(true);
    await expect(admin.require([PERM.viewNode, PERM.changeAttendance])).resolves.toBeUndefined();
  });

  it('tells a listener every permission consulted, a superuser’s included', async () => {
    const seen: string[] = [];
    const stop = onPermissionCheck((perm, user) => seen.push(`${user.username}:${perm}`));
    try {
      await requestContext(noQueries, await userNamed('admin'), 'session').can([
        PERM.viewWorkflow,
        PERM.viewNode,
      ]);
    } finally {
      stop();
    }
    await requestContext(noQueries, await userNamed('admin'), 'session').can(PERM.addNode);
    expect(seen).toEqual([`admin:${PERM.viewWorkflow}`, `admin:${PERM.viewNode}`]);
  });
});
