// The employee's record (employees/{id}/, employees/{id}/residence-status/): the employee and HR
// read it; the employee changes their contact details and address at once (recorded with the value
// before, HR told in the bell); the rest is HR's and read-only here. Anyone else gets 404.
import { and, asc, eq } from 'drizzle-orm';
import { GENDERS, MARRIAGE_STATUSES, RESIDENCE_STATUSES, labelOf } from '@portal/shared/codes';
import { COUNTRIES } from '@portal/shared/countries';
import {
  HR_ONLY_FIELDS,
  PROFILE_MSG,
  RESIDENCE_ALERT_DAYS,
  SELF_EDITABLE_FIELDS,
  ZProfileUpdate,
  type TEmployeeProfile,
  type TResidenceStatus,
} from '@portal/shared/contracts/profile';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { tokyoDate } from '../../dates.ts';
import { employees } from '../../db/schema/employees.ts';
import { recordChanges } from '../../db/schema/records.ts';
import { NotFound, ValidationError, type FieldErrors } from '../../errors.ts';
import { findLatestContract, listPositions } from '../account/account.repository.ts';
import { avatarDataUrl } from './avatar.service.ts';
import { commutingOn } from './commuting.service.ts';
import { readableEmployee, writableOwnerOf } from './record-access.ts';
import { recordChange } from './record-changes.ts';
import { logRead } from '../access-log/log-access.ts';

type EmployeeRow = typeof employees.$inferSelect;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The banner of a residence card that expires within 90 days (or has expired). */
export function residenceAlert(expiry: string | null, today: string) {
  if (!expiry) return null;
  const days = daysBetween(today, expiry);
  if (days < 0) return { days_left: days, message: PROFILE_MSG.residenceExpired(expiry) };
  if (days > RESIDENCE_ALERT_DAYS[0]) return null;
  return { days_left: days, message: PROFILE_MSG.residenceExpiring(expiry, days) };
}

async function findEmployee(db: Db, id: number): Promise<EmployeeRow> {
  const [row] = await db.select().from(employees).where(eq(employees.id, id));
  if (!row) throw new NotFound();
  return row;
}

async function toProfile(ctx: RequestContext, row: EmployeeRow): Promise<TEmployeeProfile> {
  const [positions, contract, avatar, commuting] = await Promise.all([
    listPositions(ctx.db, row.id),
    findLatestContract(ctx.db, row.id),
    row.userId === null ? Promise.resolve(null) : avatarDataUrl(ctx.db, row.userId),
    commutingOn(ctx.db, row.id, tokyoDate()),
  ]);
  const organizations = new Map<number, string>();
  for (const p of positions) organizations.set(p.organizationId, p.organizationName);
  return {
    id: row.id,
    code: row.code,
    last_name: row.lastName,
    first_name: row.firstName,
    last_name_kana: row.lastNameKana,
    first_name_kana: row.firstNameKana,
    gender: row.gender,
    gender_name: labelOf(GENDERS, row.gender),
    birth_date: row.birthDate,
    marriage: row.maritalStatus,
    marriage_name: labelOf(MARRIAGE_STATUSES, row.maritalStatus),
    country: row.country,
    country_name: labelOf(COUNTRIES, row.country),
    residence: row.residenceStatus,
    residence_name: labelOf(RESIDENCE_STATUSES, row.residenceStatus),
    residence_expiry: row.residenceExpiry,
    postal_code: row.postalCode,
    address: row.address,
    phone: row.phone,
    email: row.email,
    join_date: row.joinDate,
    organizations: [...organizations].map(([id, org_name]) => ({ id, org_name })),
    positions: positions.map((p) => ({
      org_name: p.organizationName,
      name: p.title,
      is_part_time: p.isPartTime,
    })),
    latest_contract: contract && { start_date: contract.startDate, end_date: contract.endDate },
    avatar,
    commuting,
    editable_fields: row.userId === ctx.user.id ? [...SELF_EDITABLE_FIELDS] : [],
    residence_alert: residenceAlert(row.residenceExpiry, tokyoDate()),
  };
}

export async function getProfile({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  const employee = await readableEmployee(ctx, input.id);
  await logRead(ctx, { action: 'view', kind: 'profile', recordId: employee.id, subject: employee });
  return toProfile(ctx, await findEmployee(ctx.db, employee.id));
}

export async function updateProfile({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TEmployeeProfile> {
  const before = await findEmployee(ctx.db, input.id);
  const owner = await writableOwnerOf(ctx, before.id);
  const raw = (input.body ?? {}) as Record<string, unknown>;
  const readOnly: FieldErrors = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw))
    for (const field of HR_ONLY_FIELDS) if (field in raw) readOnly[field] = [PROFILE_MSG.hrOnly];
  if (Object.keys(readOnly).length) throw new ValidationError(readOnly);
  const parsed = ZProfileUpdate.safeParse(input.body ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const body = parsed.data;
  const changes = {
    ...(body.postal_code !== undefined ? { postalCode: body.postal_code } : {}),
    ...(body.address !== undefined ? { address: body.address } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
  };
  const fieldOf = { postalCode: 'postal_code', address: 'address', phone: 'phone', email: 'email' } as const;
  const previous: Record<string, unknown> = {};
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes) as [keyof typeof changes, string][]) {
    if (before[key] !== value) {
      previous[fieldOf[key]] = before[key];
      next[fieldOf[key]] = value;
    }
  }
  if (Object.keys(next).length === 0) return toProfile(ctx, before);
  await ctx.db.transaction(async (tx) => {
    await tx.update(employees).set(changes).where(eq(employees.id, before.id));
    await recordChange(tx, {
      owner,
      actorId: ctx.user.id,
      subject: 'profile',
      subjectId: before.id,
      action: 'update',
      before: previous,
      after: next,
    });
  });
  return toProfile(ctx, await findEmployee(ctx.db, before.id));
}

export async function getResidenceStatus({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TResidenceStatus> {
  const employee = await readableEmployee(ctx, input.id);
  await logRead(ctx, { action: 'view', kind: 'residence', recordId: employee.id, subject: employee });
  const row = await findEmployee(ctx.db, employee.id);
  const today = tokyoDate();
  const history = await ctx.db
    .select()
    .from(recordChanges)
    .where(and(eq(recordChanges.employeeId, row.id), eq(recordChanges.subject, 'residence')))
    .orderBy(asc(recordChanges.createdAt), asc(recordChanges.id));
  return {
    residence: row.residenceStatus,
    residence_name: labelOf(RESIDENCE_STATUSES, row.residenceStatus),
    residence_expiry: row.residenceExpiry,
    days_left: row.residenceExpiry ? daysBetween(today, row.residenceExpiry) : null,
    alert: residenceAlert(row.residenceExpiry, today),
    history: history.map((h) => {
      const value = (h.before ?? {}) as { residence?: string; residence_expiry?: string | null };
      return {
        residence: value.residence ?? '',
        residence_name: labelOf(RESIDENCE_STATUSES, value.residence ?? ''),
        residence_expiry: value.residence_expiry ?? null,
        changed_at: h.createdAt.toISOString(),
      };
    }),
  };
}
