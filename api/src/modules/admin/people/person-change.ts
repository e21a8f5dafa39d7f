// The write skeleton of a change to one person (consoleChange with the person read before and after),
// and what the changes share: the audit's snapshot, the account acted on, the fields' checks.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TAdminContract, TAdminPerson, TAdminPersonCreate } from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { authSessions } from '../../../db/schema/auth.ts';
import { employees } from '../../../db/schema/employees.ts';
import { organizations } from '../../../db/schema/organizations.ts';
import { users } from '../../../db/schema/users.ts';
import { Conflict, ValidationError } from '../../../errors.ts';
import { checkHeadAppointment, requireMayActOn } from '../account-guard.ts';
import { consoleChange } from '../console-access.ts';
import { findPerson } from './find-person.ts';
import { PEOPLE_MSG } from './messages.ts';

/** What the audit keeps of a person (never a password). */
export function snapshot(person: TAdminPerson) {
  return {
    code: person.code,
    last_name: person.last_name,
    first_name: person.first_name,
    last_name_kana: person.last_name_kana,
    first_name_kana: person.first_name_kana,
    email: person.email,
    username: person.username,
    is_active: person.is_active,
  };
}

export const personLabel = (person: TAdminPerson) => `${person.code} ${person.name}`;

export interface PersonChange {
  readonly action: string;
  /** Runs first in the transaction (a row lock), before the person is read. */
  readonly lock?: (tx: Db) => Promise<void>;
  /** Checks and writes. */
  readonly write: (tx: Db, before: TAdminPerson) => Promise<unknown>;
  /** The audit's before and after; null when nothing changed. */
  readonly audit: (before: TAdminPerson, after: TAdminPerson) => { before: unknown; after: unknown } | null;
}

/** One change to a person, read before and after in its transaction; answers the person after it. */
export async function changePerson(
  { ctx, input: { id } }: { readonly ctx: RequestContext; readonly input: { readonly id: number } },
  change: PersonChange,
): Promise<TAdminPerson> {
  return consoleChange(ctx, {
    resource: 'people',
    before: async (tx) => {
      await change.lock?.(tx);
      return findPerson(tx, id, ctx);
    },
    write: async (tx, before) => {
      await change.write(tx, before);
      return findPerson(tx, id, ctx);
    },
    audit: (before, after) => {
      const kept = change.audit(before, after);
      return kept && { action: change.action, objectId: id, objectLabel: personLabel(after), ...kept };
    },
  });
}

type NameFields = 'code' | 'last_name' | 'first_name' | 'last_name_kana' | 'first_name_kana' | 'email';

/** The employee's own columns, typed as the body has them (all in a creation, some in an edit). */
export const employeeColumns = <B extends Partial<Pick<TAdminPersonCreate, NameFields>>>(
  body: B,
): {
  code: B['code'];
  lastName: B['last_name'];
  firstName: B['first_name'];
  lastNameKana: B['last_name_kana'];
  firstNameKana: B['first_name_kana'];
  email: B['email'];
} => ({
  code: body.code,
  lastName: body.last_name,
  firstName: body.first_name,
  lastNameKana: body.last_name_kana,
  firstNameKana: body.first_name_kana,
  email: body.email,
});

/** The person's account, refused when there is none or when the account rule forbids the caller. */
export async function accountOf(ctx: RequestContext, tx: Db, person: TAdminPerson): Promise<number> {
  if (person.user_id === null) throw new Conflict(PEOPLE_MSG.noAccount);
  await requireMayActOn(ctx, tx, { employeeId: person.id, userId: person.user_id });
  return person.user_id;
}

/**
 * Locks the person's account row for the rest of the transaction, so that of simultaneous
 * deactivations (or reactivations) one wins and the others read its result (409), one audit row.
 */
export async function lockAccount(tx: Db, employeeId: number): Promise<void> {
  await tx.execute(
    sql`select u.id from users u join employees e on e.user_id = u.id where e.id = ${employeeId} for update of u`,
  );
}

export async function revokeSessions(tx: Db, userId: number): Promise<number> {
  const revoked = await tx
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return revoked.length;
}

export async function checkCodeFree(db: Db, code: string, exceptId?: number) {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.code, code));
  if (row && row.id !== exceptId) throw ValidationError.field('code', PEOPLE_MSG.codeTaken);
}

/**
 * The sign-in e-mail of one account only, whatever its letter case: the mail and Lark sign-ins match
 * it case-insensitively and refuse an address two accounts share, so a copy would lock its owner out.
 */
export async function checkEmailFree(db: Db, email: string, exceptUserId: number | null = null) {
  if (email === '') return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  if (row) throw ValidationError.field('email', PEOPLE_MSG.emailTaken);
}

export async function checkOpenOrganization(db: Db, id: number, field = 'organization_id') {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.closedAt)));
  if (!row) throw ValidationError.field(field, PEOPLE_MSG.orgMissing);
}

/** Makes the person the organisation's head, checked as PUT organizations/{id}/head/ checks it. */
export async function appointHead(
  ctx: RequestContext,
  tx: Db,
  organizationId: number,
  employeeId: number,
  field: string,
): Promise<void> {
  await checkHeadAppointment(ctx, tx, { organizationId, employeeId, field });
  await tx
    .update(organizations)
    .set({ headEmployeeId: employeeId })
    .where(eq(organizations.id, organizationId));
}

export const contractValues = (employeeId: number, c: TAdminContract) => ({
  employeeId,
  startDate: c.start_date,
  endDate: c.end_date,
  workStartTime: c.work_start_time,
  workEndTime: c.work_end_time,
});
