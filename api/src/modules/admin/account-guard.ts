// The one rule for acting on somebody else's account (issue 32, findings 2–4). Whoever may change an
// account's sign-in keys (e-mail, employee number), password, activity or Lark binding, or make or
// unmake its holder an organisation's head, could sign in as that person or stand in their place: so a
// non-superuser may do it only when the target holds no permission, staff flag or headship the caller
// lacks, and only a superuser acts on a superuser. Every console route that writes those and the
// people import call `requireMayActOn` / `refusalToActOn` (this file and nowhere else decides).
// Appointing a head also needs organization.change_organization and an active person, exactly as
// PUT admin/organizations/{id}/head/ does (`checkHeadAppointment`).
import { sql } from 'drizzle-orm';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { PermissionDenied, ValidationError } from '../../errors.ts';
import { listPermissionCodenames } from '../../identity/permission-codenames.ts';
import { ADMIN_MSG } from './console-access.ts';

export const ACCOUNT_MSG = {
  superuserOnly: ADMIN_MSG.superuserOnly,
  outranked:
    'この社員はあなたが持たない権限・スタッフ権限・組織の長の役割を持っているため、このアカウントは変更できません。',
  headNeedsPermission: '組織の長を指定するには、組織を変更する権限が必要です。',
  headInactive: 'アカウントが無効な社員は組織の長にできません。',
} as const;

/** The person acted on: their employee record (headships) and their account, if any. */
export interface Target {
  readonly employeeId: number | null;
  readonly userId: number | null;
}

interface Holdings {
  isSuperuser: boolean;
  isStaff: boolean;
  permissions: ReadonlySet<string>;
  heads: ReadonlySet<number>;
}

async function holdingsOf(db: Db, target: Target): Promise<Holdings> {
  const [account] =
    target.userId === null
      ? []
      : await queryRows<{ is_superuser: boolean; is_staff: boolean }>(
          db,
          sql`select is_superuser, is_staff from users where id = ${target.userId}`,
        );
  const heads = await queryRows<{ id: number }>(
    db,
    sql`select o.id from organizations o where o.closed_at is null and o.head_employee_id in (
        select e.id from employees e
        where ${target.employeeId === null ? sql`false` : sql`e.id = ${target.employeeId}`}
          or ${target.userId === null ? sql`false` : sql`e.user_id = ${target.userId}`})`,
  );
  return {
    isSuperuser: account?.is_superuser === true,
    isStaff: account?.is_staff === true,
    permissions: new Set(target.userId === null ? [] : await listPermissionCodenames(db, target.userId)),
    heads: new Set(heads.map((h) => Number(h.id))),
  };
}

const lacks = <T>(caller: ReadonlySet<T>, target: ReadonlySet<T>) => [...target].some((x) => !caller.has(x));

/**
 * Why the caller may not act on the target's account, or null when they may. `headships: false` for
 * a head appointment itself: who heads what is what organization.change_organization governs, so
 * there the other holdings count and the headships do not.
 */
export async function refusalToActOn(
  ctx: RequestContext,
  db: Db,
  target: Target,
  { headships = true }: { headships?: boolean } = {},
): Promise<string | null> {
  if (ctx.user.isSuperuser) return null;
  if (target.userId !== null && target.userId === ctx.user.id) return null;
  const theirs = await holdingsOf(db, target);
  if (theirs.isSuperuser) return ACCOUNT_MSG.superuserOnly;
  const mine = await holdingsOf(db, { employeeId: null, userId: ctx.user.id });
  if (theirs.isStaff && !ctx.user.isStaff) return ACCOUNT_MSG.outranked;
  if (lacks(mine.permissions, theirs.permissions) || (headships && lacks(mine.heads, theirs.heads)))
    return ACCOUNT_MSG.outranked;
  return null;
}

/** Throws PermissionDenied (403, Japanese) unless the caller may act on the target's account. */
export async function requireMayActOn(ctx: RequestContext, db: Db, target: Target): Promise<void> {
  const refusal = await refusalToActOn(ctx, db, target);
  if (refusal !== null) throw new PermissionDenied(refusal);
}

export interface HeadAppointment {
  readonly organizationId: number;
  /** The new head, or null for one not yet created (people create, import) or for "no head". */
  readonly employeeId: number | null;
  /** The field a refused inactive head is reported on. */
  readonly field: string;
}

/**
 * Why the caller may not make `employeeId` the organisation's head, or null when they may: it needs
 * organization.change_organization, an active (or account-less) person, and the account rule (without
 * headships) for both the new head and the one it replaces. Inactive heads are a field error (400),
 * the rest a 403.
 */
export async function refusalToAppointHead(
  ctx: RequestContext,
  db: Db,
  appointment: HeadAppointment,
): Promise<{ status: 400 | 403; message: string } | null> {
  if (!(await ctx.can(PERM.changeOrganization)))
    return { status: 403, message: ACCOUNT_MSG.headNeedsPermission };
  if (appointment.employeeId !== null) {
    const [person] = await queryRows<{ user_id: number | null; is_active: boolean | null }>(
      db,
      sql`select e.user_id, u.is_active from employees e left join users u on u.id = e.user_id
        where e.id = ${appointment.employeeId}`,
    );
    if (person?.is_active === false) return { status: 400, message: ACCOUNT_MSG.headInactive };
    const refusal = await refusalToActOn(
      ctx,
      db,
      { employeeId: appointment.employeeId, userId: person?.user_id ?? null },
      { headships: false },
    );
    if (refusal !== null) return { status: 403, message: refusal };
  }
  const [org] = await queryRows<{ head: number | null; head_user: number | null }>(
    db,
    sql`select o.head_employee_id as head, e.user_id as head_user from organizations o
      left join employees e on e.id = o.head_employee_id where o.id = ${appointment.organizationId}`,
  );
  if (org?.head != null && org.head !== appointment.employeeId) {
    const refusal = await refusalToActOn(
      ctx,
      db,
      { employeeId: org.head, userId: org.head_user },
      { headships: false },
    );
    if (refusal !== null) return { status: 403, message: refusal };
  }
  return null;
}

export async function checkHeadAppointment(
  ctx: RequestContext,
  db: Db,
  appointment: HeadAppointment,
): Promise<void> {
  const refusal = await refusalToAppointHead(ctx, db, appointment);
  if (refusal === null) return;
  if (refusal.status === 400) throw ValidationError.field(appointment.field, refusal.message);
  throw new PermissionDenied(refusal.message);
}
