// 社員: employees with their user accounts. List (search, paging, sort), create with a first contract
// and position, edit, deactivate (the sessions are revoked in the same transaction, so the person's
// next request is 401; the requests awaiting them are reported), reactivate, reset the password to a
// temporary one that must be changed at the next sign-in, add contracts and positions.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ZAdminConfirm,
  ZAdminContract,
  ZAdminContractPatch,
  ZAdminPasswordReset,
  ZAdminPersonCreate,
  ZAdminPersonPatch,
  ZAdminPosition,
  type TAdminContract,
  type TAdminDeactivation,
  type TAdminPendingApproval,
  type TAdminPerson,
  type TAdminPersonRow,
} from '@portal/shared/contracts/admin';
import type { TPeopleSort } from '@portal/shared/contracts/admin-codes';
import type { TAdminPeopleQuery } from '@portal/shared/contracts/admin-queries';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { contracts, employees } from '../../db/schema/employees.ts';
import { larkBindings } from '../../db/schema/lark.ts';
import { organizations, positions } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { Conflict, NotFound, ValidationError } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { hashPassword } from '../auth/passwords.ts';
import { checkHeadAppointment, refusalToActOn, requireMayActOn } from './account-guard.ts';
import { parseInput, recordChange, requireConsole } from './console-access.ts';

export const PEOPLE_MSG = {
  codeTaken: 'この社員番号は既に使われています。',
  usernameTaken: 'このユーザー名は既に使われています。',
  emailTaken: 'このメールアドレスは既に別のアカウントで使われています。',
  orgMissing: '所属組織が見つからないか、廃止されています。',
  positionTaken: 'この組織には既に所属しています。',
  noAccount: 'この社員にはアカウントがありません。',
  self: '自分自身のアカウントは無効化できません。',
  alreadyInactive: 'このアカウントは既に無効です。',
  alreadyActive: 'このアカウントは既に有効です。',
} as const;

const SORTS: Record<TPeopleSort, string> = {
  code: 'e.code asc',
  '-code': 'e.code desc',
  name: 'e.last_name asc, e.first_name asc, e.code asc',
  '-name': 'e.last_name desc, e.first_name desc, e.code asc',
  kana: 'e.last_name_kana asc, e.first_name_kana asc, e.code asc',
  '-kana': 'e.last_name_kana desc, e.first_name_kana desc, e.code asc',
};

const ROW_COLUMNS = sql`e.id, e.code, e.last_name || ' ' || e.first_name as name,
  trim(e.last_name_kana || ' ' || e.first_name_kana) as kana, u.username, u.id as user_id,
  coalesce(u.is_active, false) as is_active, mo.name as organization, mp.title`;

const ROW_FROM = sql`from employees e
  left join users u on u.id = e.user_id
  left join lateral (
    select p.organization_id, p.title from positions p where p.employee_id = e.id
    order by p.is_part_time, p.id limit 1
  ) mp on true
  left join organizations mo on mo.id = mp.organization_id`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listPeople({ ctx, input }: { ctx: RequestContext; input: TAdminPeopleQuery }) {
  await requireConsole(ctx, PERM.viewEmployee);
  const conditions = [sql`true`];
  const text = input.query?.trim();
  if (text) {
    const like = likePattern(text);
    conditions.push(sql`(e.code ilike ${like} or e.last_name || e.first_name ilike ${like}
      or e.last_name || ' ' || e.first_name ilike ${like}
      or e.last_name_kana || e.first_name_kana ilike ${like}
      or e.last_name_kana || ' ' || e.first_name_kana ilike ${like} or u.username ilike ${like}
      or mo.name ilike ${like})`);
  }
  if (input.organization !== undefined)
    conditions.push(
      sql`exists (select 1 from positions p where p.employee_id = e.id and p.organization_id = ${input.organization})`,
    );
  if (input.active === '1') conditions.push(sql`u.is_active`);
  if (input.active === '0') conditions.push(sql`(u.id is null or not u.is_active)`);
  const where = sql.join(conditions, sql` and `);
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n ${ROW_FROM} where ${where}`,
  );
  const results = await queryRows<TAdminPersonRow>(
    ctx.db,
    sql`select ${ROW_COLUMNS} ${ROW_FROM} where ${where}
      order by ${sql.raw(SORTS[input.sort ?? 'code'])} limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  return { count: Number(total?.n ?? 0), results };
}

async function pendingApprovals(db: Db, userId: number | null): Promise<TAdminPendingApproval[]> {
  if (userId === null) return [];
  return queryRows<TAdminPendingApproval>(
    db,
    sql`select t.id as task_id, w.name as title, n.name as node_name,
        coalesce(nullif(ae.last_name || ' ' || ae.first_name, ' '), au.full_name, au.username) as applicant
      from task_awaiting a
      join tasks t on t.id = a.task_id
      join task_nodes n on n.id = a.task_node_id
      join workflows w on w.id = t.workflow_id
      join users au on au.id = t.applicant_id
      left join employees ae on ae.user_id = au.id
      where a.user_id = ${userId}
      order by t.id`,
  );
}

/** The person as the caller sees them: with what the account rule lets the caller do (`allowed`). */
export async function findPerson(db: Db, id: number, ctx: RequestContext): Promise<TAdminPerson> {
  const [row] = await queryRows<
    TAdminPersonRow & {
      last_name: string;
      first_name: string;
      last_name_kana: string;
      first_name_kana: string;
      email: string;
      must_change_password: boolean | null;
      is_staff: boolean | null;
      is_superuser: boolean | null;
      lark_bound: boolean;
      residence: string;
      residence_expiry: string | null;
    }
  >(
    db,
    sql`select ${ROW_COLUMNS}, e.last_name, e.first_name, e.last_name_kana, e.first_name_kana, e.email,
        e.residence_status as residence, e.residence_expiry::text as residence_expiry,
        u.must_change_password, u.is_staff, u.is_superuser,
        exists (select 1 from lark_bindings b where b.user_id = u.id) as lark_bound
      ${ROW_FROM} where e.id = ${id}`,
  );
  if (!row) throw new NotFound();
  const contractRows = await db
    .select({
      id: contracts.id,
      start_date: contracts.startDate,
      end_date: contracts.endDate,
      work_start_time: contracts.workStartTime,
      work_end_time: contracts.workEndTime,
    })
    .from(contracts)
    .where(eq(contracts.employeeId, id))
    .orderBy(contracts.startDate);
  const positionRows = await queryRows<TAdminPerson['positions'][number]>(
    db,
    sql`select p.id, p.organization_id, o.name as organization, p.title, p.is_part_time,
        (o.head_employee_id = p.employee_id) as is_head
      from positions p join organizations o on o.id = p.organization_id
      where p.employee_id = ${id} order by p.is_part_time, p.id`,
  );
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kana: row.kana,
    username: row.username,
    user_id: row.user_id,
    is_active: row.is_active,
    organization: row.organization,
    title: row.title,
    last_name: row.last_name,
    first_name: row.first_name,
    last_name_kana: row.last_name_kana,
    first_name_kana: row.first_name_kana,
    email: row.email,
    must_change_password: row.must_change_password === true,
    is_staff: row.is_staff === true,
    is_superuser: row.is_superuser === true,
    lark_bound: row.lark_bound,
    contracts: contractRows.map((c) => ({
      ...c,
      work_start_time: c.work_start_time.slice(0, 5),
      work_end_time: c.work_end_time.slice(0, 5),
    })),
    positions: positionRows.map((p) => ({ ...p, is_head: p.is_head === true })),
    pending_approvals: await pendingApprovals(db, row.user_id),
    residence: row.residence,
    residence_expiry: row.residence_expiry,
    allowed: {
      account: (await refusalToActOn(ctx, db, { employeeId: row.id, userId: row.user_id })) === null,
    },
  };
}

/** What the audit keeps of a person (never a password). */
function snapshot(person: TAdminPerson) {
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

export async function getPerson({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await requireConsole(ctx, PERM.viewEmployee);
  return findPerson(ctx.db, input.id, ctx);
}

async function checkCodeFree(db: Db, code: string, exceptId?: number) {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.code, code));
  if (row && row.id !== exceptId) throw ValidationError.field('code', PEOPLE_MSG.codeTaken);
}

/**
 * The sign-in e-mail of one account only, whatever its letter case: the mail and Lark sign-ins match
 * it case-insensitively and refuse an address two accounts share, so a copy would lock its owner out.
 */
async function checkEmailFree(db: Db, email: string, exceptUserId: number | null = null) {
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

async function checkOpenOrganization(db: Db, id: number) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.closedAt)));
  if (!row) throw ValidationError.field('organization_id', PEOPLE_MSG.orgMissing);
}

const contractValues = (employeeId: number, c: TAdminContract) => ({
  employeeId,
  startDate: c.start_date,
  endDate: c.end_date,
  workStartTime: c.work_start_time,
  workEndTime: c.work_end_time,
});

export async function createPerson({ ctx, input }: { ctx: RequestContext; input: unknown }) {
  await requireConsole(ctx, PERM.addEmployee);
  const body = parseInput(ZAdminPersonCreate, input);
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    await checkCodeFree(tx, body.code);
    // Taken whatever the letter case: "Admin" beside "admin" would answer a CAS login typed either way.
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, body.username.toLowerCase()));
    if (taken) throw ValidationError.field('username', PEOPLE_MSG.usernameTaken);
    await checkEmailFree(tx, body.email);
    try {
      await checkOpenOrganization(tx, body.position.organization_id);
    } catch {
      throw ValidationError.field('position.organization_id', PEOPLE_MSG.orgMissing);
    }
    const [user] = await tx
      .insert(users)
      .values({
        username: body.username,
        fullName: `${body.last_name} ${body.first_name}`,
        email: body.email,
        passwordHash,
        mustChangePassword: true,
      })
      .returning({ id: users.id });
    const [employee] = await tx
      .insert(employees)
      .values({
        userId: user!.id,
        code: body.code,
        lastName: body.last_name,
        firstName: body.first_name,
        lastNameKana: body.last_name_kana,
        firstNameKana: body.first_name_kana,
        email: body.email,
        joinDate: body.contract.start_date,
      })
      .returning({ id: employees.id });
    const employeeId = employee!.id;
    await tx.insert(contracts).values(contractValues(employeeId, body.contract));
    await tx.insert(positions).values({
      employeeId,
      organizationId: body.position.organization_id,
      title: body.position.title,
      isPartTime: body.position.is_part_time,
    });
    if (body.position.is_head) {
      await checkHeadAppointment(ctx, tx, {
        organizationId: body.position.organization_id,
        employeeId,
        field: 'position.is_head',
      });
      await tx
        .update(organizations)
        .set({ headEmployeeId: employeeId })
        .where(eq(organizations.id, body.position.organization_id));
    }
    const created = await findPerson(tx, employeeId, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'create',
      objectId: employeeId,
      objectLabel: `${created.code} ${created.name}`,
      before: null,
      after: { ...snapshot(created), contract: body.contract, position: body.position },
    });
    return created;
  });
}

/** Whether the patch changes the e-mail (the person's or their account's) or the employee number. */
async function changesSignInKeys(
  tx: Db,
  before: TAdminPerson,
  body: { email?: string; code?: string },
): Promise<boolean> {
  if (body.code !== undefined && body.code !== before.code) return true;
  if (body.email === undefined) return false;
  if (body.email !== before.email) return true;
  if (before.user_id === null) return false;
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, before.user_id));
  return account?.email !== body.email;
}

export async function patchPerson({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}) {
  await requireConsole(ctx, PERM.changeEmployee);
  const body = parseInput(ZAdminPersonPatch, input.body);
  return ctx.db.transaction(async (tx) => {
    const before = await findPerson(tx, input.id, ctx);
    // The e-mail and the employee number are sign-in keys (mail, Lark and CAS find accounts by them).
    if (await changesSignInKeys(tx, before, body)) {
      await requireMayActOn(ctx, tx, { employeeId: input.id, userId: before.user_id });
      if (body.email !== undefined && before.user_id !== null)
        await checkEmailFree(tx, body.email, before.user_id);
    }
    if (body.code !== undefined) await checkCodeFree(tx, body.code, input.id);
    await tx
      .update(employees)
      .set({
        code: body.code,
        lastName: body.last_name,
        firstName: body.first_name,
        lastNameKana: body.last_name_kana,
        firstNameKana: body.first_name_kana,
        email: body.email,
      })
      .where(eq(employees.id, input.id));
    if (before.user_id !== null) {
      const last = body.last_name ?? before.last_name;
      const first = body.first_name ?? before.first_name;
      await tx
        .update(users)
        .set({ fullName: `${last} ${first}`, ...(body.email !== undefined ? { email: body.email } : {}) })
        .where(eq(users.id, before.user_id));
    }
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'update',
      objectId: input.id,
      objectLabel: `${after.code} ${after.name}`,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** The person's account, refused when there is none or when the account rule forbids the caller. */
async function accountOf(ctx: RequestContext, tx: Db, person: TAdminPerson): Promise<number> {
  if (person.user_id === null) throw new Conflict(PEOPLE_MSG.noAccount);
  await requireMayActOn(ctx, tx, { employeeId: person.id, userId: person.user_id });
  return person.user_id;
}

/**
 * Locks the person's account row for the rest of the transaction, so that of simultaneous
 * deactivations (or reactivations) one wins and the others read its result (409), one audit row.
 */
async function lockAccount(tx: Db, employeeId: number): Promise<void> {
  await tx.execute(
    sql`select u.id from users u join employees e on e.user_id = u.id where e.id = ${employeeId} for update of u`,
  );
}

async function revokeSessions(tx: Db, userId: number): Promise<number> {
  const revoked = await tx
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return revoked.length;
}

export async function deactivatePerson({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TAdminDeactivation> {
  await requireConsole(ctx, PERM.changeUser);
  parseInput(ZAdminConfirm, input.body);
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, input.id);
    const before = await findPerson(tx, input.id, ctx);
    const userId = await accountOf(ctx, tx, before);
    if (userId === ctx.user.id) throw new Conflict(PEOPLE_MSG.self);
    if (!before.is_active) throw new Conflict(PEOPLE_MSG.alreadyInactive);
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    const revoked = await revokeSessions(tx, userId);
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'deactivate',
      objectId: input.id,
      objectLabel: `${after.code} ${after.name}`,
      before: { is_active: true },
      after: { is_active: false, revoked_sessions: revoked },
    });
    return { person: after, revoked_sessions: revoked, pending_approvals: after.pending_approvals };
  });
}

export async function reactivatePerson({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TAdminPerson> {
  await requireConsole(ctx, PERM.changeUser);
  parseInput(ZAdminConfirm, input.body);
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, input.id);
    const before = await findPerson(tx, input.id, ctx);
    const userId = await accountOf(ctx, tx, before);
    if (before.is_active) throw new Conflict(PEOPLE_MSG.alreadyActive);
    await tx.update(users).set({ isActive: true }).where(eq(users.id, userId));
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'reactivate',
      objectId: input.id,
      objectLabel: `${after.code} ${after.name}`,
      before: { is_active: false },
      after: { is_active: true },
    });
    return after;
  });
}

/** A temporary password; the person must choose their own at the next sign-in. Sessions end. */
export async function resetPassword({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TAdminPerson> {
  await requireConsole(ctx, PERM.changeUser);
  const body = parseInput(ZAdminPasswordReset, input.body);
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    const before = await findPerson(tx, input.id, ctx);
    const userId = await accountOf(ctx, tx, before);
    await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, userId));
    const revoked = userId === ctx.user.id ? 0 : await revokeSessions(tx, userId);
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'reset_password',
      objectId: input.id,
      objectLabel: `${after.code} ${after.name}`,
      before: { must_change_password: before.must_change_password },
      after: { must_change_password: true, revoked_sessions: revoked },
    });
    return after;
  });
}

export async function addContract({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}) {
  await requireConsole(ctx, PERM.changeEmployee);
  const body = parseInput(ZAdminContract, input.body);
  return ctx.db.transaction(async (tx) => {
    const before = await findPerson(tx, input.id, ctx);
    const [row] = await tx
      .insert(contracts)
      .values(contractValues(input.id, body))
      .returning({ id: contracts.id });
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'add_contract',
      objectId: input.id,
      objectLabel: `${before.code} ${before.name}`,
      before: null,
      after: { id: row!.id, ...body },
    });
    return after;
  });
}

export async function addPosition({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}) {
  await requireConsole(ctx, PERM.changeEmployee);
  const body = parseInput(ZAdminPosition, input.body);
  return ctx.db.transaction(async (tx) => {
    const before = await findPerson(tx, input.id, ctx);
    await checkOpenOrganization(tx, body.organization_id);
    if (before.positions.some((p) => p.organization_id === body.organization_id))
      throw ValidationError.field('organization_id', PEOPLE_MSG.positionTaken);
    const [row] = await tx
      .insert(positions)
      .values({
        employeeId: input.id,
        organizationId: body.organization_id,
        title: body.title,
        isPartTime: body.is_part_time,
      })
      .returning({ id: positions.id });
    if (body.is_head) {
      await checkHeadAppointment(ctx, tx, {
        organizationId: body.organization_id,
        employeeId: input.id,
        field: 'is_head',
      });
      await tx
        .update(organizations)
        .set({ headEmployeeId: input.id })
        .where(eq(organizations.id, body.organization_id));
    }
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'add_position',
      objectId: input.id,
      objectLabel: `${before.code} ${before.name}`,
      before: null,
      after: { id: row!.id, ...body },
    });
    return after;
  });
}

const CONTRACT_MSG = {
  endBeforeStart: '契約終了日 は 契約開始日 以降の日付にしてください。',
  hoursOrder: '終業時刻 は 始業時刻 より後にしてください。',
  lastPosition: '最後の所属は削除できません。先に別の所属を追加してください。',
} as const;

/** Ends a contract (or changes its end and working hours), checked against its start. */
export async function patchContract({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TAdminPerson> {
  await requireConsole(ctx, PERM.changeEmployee);
  const body = parseInput(ZAdminContractPatch, input.body);
  return ctx.db.transaction(async (tx) => {
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, input.id));
    if (!contract) throw new NotFound();
    const endDate = body.end_date === undefined ? contract.endDate : body.end_date;
    const start = body.work_start_time ?? contract.workStartTime.slice(0, 5);
    const end = body.work_end_time ?? contract.workEndTime.slice(0, 5);
    if (endDate !== null && endDate < contract.startDate)
      throw ValidationError.field('end_date', CONTRACT_MSG.endBeforeStart);
    if (end <= start) throw ValidationError.field('work_end_time', CONTRACT_MSG.hoursOrder);
    await tx
      .update(contracts)
      .set({ endDate, workStartTime: start, workEndTime: end })
      .where(eq(contracts.id, input.id));
    const person = await findPerson(tx, contract.employeeId, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'change_contract',
      objectId: contract.employeeId,
      objectLabel: `${person.code} ${person.name}`,
      before: {
        contract_id: contract.id,
        end_date: contract.endDate,
        work_start_time: contract.workStartTime.slice(0, 5),
        work_end_time: contract.workEndTime.slice(0, 5),
      },
      after: { contract_id: contract.id, end_date: endDate, work_start_time: start, work_end_time: end },
    });
    return person;
  });
}

/** Removes a position; an organisation it headed loses its head. The last position stays. */
export async function removePosition({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await requireConsole(ctx, PERM.changeEmployee);
  return ctx.db.transaction(async (tx) => {
    const [position] = await tx.select().from(positions).where(eq(positions.id, input.id));
    if (!position) throw new NotFound();
    const before = await findPerson(tx, position.employeeId, ctx);
    if (before.positions.length <= 1) throw new Conflict(CONTRACT_MSG.lastPosition);
    const removed = before.positions.find((p) => p.id === input.id)!;
    // Removing a head's position unmakes the head: the same check as naming another one.
    if (removed.is_head)
      await checkHeadAppointment(ctx, tx, {
        organizationId: position.organizationId,
        employeeId: null,
        field: 'id',
      });
    await tx
      .update(organizations)
      .set({ headEmployeeId: null })
      .where(
        and(
          eq(organizations.id, position.organizationId),
          eq(organizations.headEmployeeId, position.employeeId),
        ),
      );
    await tx.delete(positions).where(eq(positions.id, input.id));
    const after = await findPerson(tx, position.employeeId, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'remove_position',
      objectId: position.employeeId,
      objectLabel: `${after.code} ${after.name}`,
      before: removed,
      after: null,
    });
    return after;
  });
}

/** Removes the person's Lark binding: the bot no longer messages them until they sign in from Lark. */
export async function unbindLark({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await requireConsole(ctx, PERM.changeUser);
  return ctx.db.transaction(async (tx) => {
    const before = await findPerson(tx, input.id, ctx);
    const userId = await accountOf(ctx, tx, before);
    const removed = await tx
      .delete(larkBindings)
      .where(eq(larkBindings.userId, userId))
      .returning({ openId: larkBindings.openId });
    if (removed.length === 0) throw new Conflict('この社員には Lark 連携がありません。');
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'unbind_lark',
      objectId: input.id,
      objectLabel: `${after.code} ${after.name}`,
      before: { lark_bound: true },
      after: { lark_bound: false },
    });
    return after;
  });
}
