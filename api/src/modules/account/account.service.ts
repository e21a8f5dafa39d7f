import type { TStatistics, TTaskStatistics, TUserState } from '@portal/shared/contracts/account';
import { ALL_PERMISSIONS } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { NotFound } from '../../errors.ts';
import { avatarDataUrl } from '../records/avatar.service.ts';
import { sidebarStatistics, taskStatistics } from '../tasks/statistics.ts';
import { listPermissionCodenames } from '../../identity/permission-codenames.ts';
import * as repo from './account.repository.ts';

/** Spec §3.3: who I am, what I may do, where I sit. */
export async function getUserState({ ctx }: { ctx: RequestContext }): Promise<TUserState> {
  const user = await repo.findUser(ctx.db, ctx.user.id);
  if (!user) throw new NotFound();
  const [employee, devices, ownPerms, avatar] = await Promise.all([
    repo.findEmployeeOfUser(ctx.db, user.id),
    repo.listDevices(ctx.db, user.id),
    user.isSuperuser ? Promise.resolve([...ALL_PERMISSIONS]) : listPermissionCodenames(ctx.db, user.id),
    avatarDataUrl(ctx.db, user.id),
  ]);
  const [positions, contract] = employee
    ? await Promise.all([
        repo.listPositions(ctx.db, employee.id),
        repo.findLatestContract(ctx.db, employee.id),
      ])
    : [[], null];

  const organizations = new Map<number, string>();
  for (const position of positions) organizations.set(position.organizationId, position.organizationName);

  return {
    me: {
      id: user.id,
      username: user.username,
      full_name: user.fullName,
      email: user.email,
      avatar,
      employee: employee && {
        id: employee.id,
        code: employee.code,
        name: `${employee.lastName} ${employee.firstName}`,
        name_kana: `${employee.lastNameKana} ${employee.firstNameKana}`.trim(),
      },
      devices,
      is_staff: user.isStaff,
      is_superuser: user.isSuperuser,
      must_change_password: user.mustChangePassword,
    },
    perms: [...ownPerms].sort(),
    organizations: [...organizations].map(([id, org_name]) => ({ id, org_name })),
    positions: positions.map((p) => ({
      org_name: p.organizationName,
      name: p.title,
      is_part_time: p.isPartTime,
    })),
    latest_contract: contract && { start_date: contract.startDate, end_date: contract.endDate },
  };
}

export function getStatistics({ ctx }: { ctx: RequestContext }): Promise<TStatistics> {
  return sidebarStatistics({ ctx });
}

export function getTaskStatistics({ ctx }: { ctx: RequestContext }): Promise<TTaskStatistics> {
  return taskStatistics({ ctx });
}
