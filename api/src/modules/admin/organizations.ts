// 組織: the tree (本部 > 事業部 > 部 > 課). Create, rename, move under another parent, set the head,
// close when nobody is left in it. Changing a head re-routes nothing: a request's approvers are
// resolved when it reaches each node (tasks/resolve-approvers.ts reads the head then), so requests
// already awaiting the previous head keep awaiting them, and new submissions reach the new head.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  TAdminHeadChange,
  TAdminOrganization,
  TAdminOrganizationCreate,
  TAdminOrganizationDetail,
  TAdminOrganizationHead,
  TAdminOrganizationPatch,
} from '@portal/shared/contracts/admin';
import type { OrgLevel } from '@portal/shared/codes';
import { ORG_LEVEL_RANK } from '@portal/shared/contracts/admin-codes';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { Conflict, NotFound, ValidationError } from '../../errors.ts';
import { employeeName } from '../people/display-names.ts';
import { ACCOUNT_MSG, checkHeadAppointment } from './account-guard.ts';
import { consoleChange, nothingBefore, type Audited, type OnRecord } from './console-access.ts';

export const ORG_MSG = {
  parentMissing: '上位組織が見つからないか、廃止されています。',
  topLevelOnly: '本部 は最上位の組織です。上位組織は指定できません。',
  parentRequired: '本部 以外の組織には上位組織が必要です。',
  levelOrder: '上位組織は この組織より上の階層（本部 > 事業部 > 部 > 課）でなければなりません。',
  cycle: '組織を 自分自身や配下の組織の下へは移動できません。',
  notEmpty: '所属する社員または下位組織が残っている組織は廃止できません。',
  headMissing: '指定した社員が見つかりません。',
  headInactive: ACCOUNT_MSG.headInactive,
} as const;

interface OrgRow {
  id: number;
  name: string;
  level: OrgLevel;
  parent_id: number | null;
  head_employee_id: number | null;
  head_name: string | null;
  member_count: number;
  child_count: number;
}

/** The employees' alias of the raw queries below. */
const e = alias(employees, 'e');

function orgQuery(where: ReturnType<typeof sql>) {
  return sql`
    select o.id, o.name, o.level, o.parent_id, o.head_employee_id,
      case when e.id is null then null else ${employeeName(e)} end as head_name,
      (select count(*)::int from positions p where p.organization_id = o.id) as member_count,
      (select count(*)::int from organizations c where c.parent_id = o.id and c.closed_at is null)
        as child_count
    from organizations o
    left join employees e on e.id = o.head_employee_id
    where o.closed_at is null and ${where}
    order by o.id`;
}

const toOrganization = (row: OrgRow): TAdminOrganization => ({
  id: row.id,
  name: row.name,
  level: row.level,
  parent_id: row.parent_id,
  head_employee_id: row.head_employee_id,
  head_name: row.head_name,
  member_count: Number(row.member_count),
  child_count: Number(row.child_count),
});

async function findOpen(db: Db, id: number): Promise<TAdminOrganization> {
  const [row] = await queryRows<OrgRow>(db, orgQuery(sql`o.id = ${id}`));
  if (!row) throw new NotFound();
  return toOrganization(row);
}

/** What the audit keeps of an organisation. */
const snapshot = (org: TAdminOrganization) => ({
  name: org.name,
  level: org.level,
  parent_id: org.parent_id,
  head_employee_id: org.head_employee_id,
  head_name: org.head_name,
});

export async function listOrganizations({ ctx }: { ctx: RequestContext }): Promise<TAdminOrganization[]> {
  const rows = await queryRows<OrgRow>(ctx.db, orgQuery(sql`true`));
  return rows.map(toOrganization);
}

export async function getOrganization({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TAdminOrganizationDetail> {
  const organization = await findOpen(ctx.db, input.id);
  const members = await queryRows<TAdminOrganizationDetail['members'][number]>(
    ctx.db,
    sql`select e.id as employee_id, ${employeeName(e)} as name, p.title, p.is_part_time
      from positions p join employees e on e.id = p.employee_id
      where p.organization_id = ${input.id} order by p.is_part_time, e.code`,
  );
  return { ...organization, members };
}

/** The parent must be open and sit on a higher level; 本部 has none. */
async function checkParent(db: Db, level: OrgLevel, parentId: number | null): Promise<void> {
  if (level === '16') {
    if (parentId !== null) throw ValidationError.field('parent_id', ORG_MSG.topLevelOnly);
    return;
  }
  if (parentId === null) throw ValidationError.field('parent_id', ORG_MSG.parentRequired);
  const [parent] = await queryRows<{ level: OrgLevel }>(
    db,
    sql`select level from organizations where id = ${parentId} and closed_at is null`,
  );
  if (!parent) throw ValidationError.field('parent_id', ORG_MSG.parentMissing);
  if (ORG_LEVEL_RANK[parent.level] <= ORG_LEVEL_RANK[level])
    throw ValidationError.field('parent_id', ORG_MSG.levelOrder);
}

/** An organisation's change: read before (locked where `lock`) and after, one audit row. */
function changeOrganization<A>(
  ctx: RequestContext,
  id: number,
  change: {
    lock?: boolean;
    write: (tx: Db, before: TAdminOrganization) => Promise<A>;
    audit: (before: TAdminOrganization, after: A) => Omit<Audited, 'objectId' | 'objectLabel'>;
  },
): Promise<A> {
  return consoleChange(ctx, {
    resource: 'organizations',
    before: async (tx) => {
      // Locks the row, so a position added meanwhile waits for this transaction (or sees it closed).
      if (change.lock) await tx.execute(sql`select id from organizations where id = ${id} for update`);
      return findOpen(tx, id);
    },
    write: change.write,
    audit: (before, after) => ({
      objectId: before.id,
      objectLabel: before.name,
      ...change.audit(before, after),
    }),
  });
}

export async function createOrganization({
  ctx,
  input: body,
}: {
  ctx: RequestContext;
  input: TAdminOrganizationCreate;
}): Promise<TAdminOrganization> {
  return consoleChange(ctx, {
    resource: 'organizations',
    before: nothingBefore,
    write: async (tx) => {
      await checkParent(tx, body.level, body.parent_id);
      const [row] = await tx
        .insert(organizations)
        .values({ name: body.name, level: body.level, parentId: body.parent_id })
        .returning({ id: organizations.id });
      return findOpen(tx, row!.id);
    },
    audit: (_before, created) => ({
      action: 'create',
      objectId: created.id,
      objectLabel: created.name,
      before: null,
      after: snapshot(created),
    }),
  });
}

/** Rename and/or move. A move may not put an organisation under itself or its own subtree. */
export async function patchOrganization({
  ctx,
  input: { id, body },
}: OnRecord<TAdminOrganizationPatch>): Promise<TAdminOrganization> {
  const moving = (before: TAdminOrganization) =>
    body.parent_id !== undefined && body.parent_id !== before.parent_id;
  return changeOrganization(ctx, id, {
    write: async (tx, before) => {
      if (moving(before)) {
        const parentId = body.parent_id ?? null;
        if (parentId !== null) {
          const [inside] = await queryRows<{ id: number }>(
            tx,
            sql`with recursive sub(id, depth) as (
                select id, 0 from organizations where id = ${id}
                union all
                select o.id, s.depth + 1 from organizations o join sub s on o.parent_id = s.id where s.depth < 20
              ) select id from sub where id = ${parentId}`,
          );
          if (inside) throw ValidationError.field('parent_id', ORG_MSG.cycle);
        }
        await checkParent(tx, before.level, parentId);
      }
      await tx
        .update(organizations)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(moving(before) ? { parentId: body.parent_id ?? null } : {}),
        })
        .where(eq(organizations.id, id));
      return findOpen(tx, id);
    },
    audit: (before, after) => ({
      action: moving(before) && body.name === undefined ? 'move' : 'update',
      objectLabel: after.name,
      before: snapshot(before),
      after: snapshot(after),
    }),
  });
}

/**
 * Names the head (or none). Requests already in progress keep the approvers they resolved; the
 * answer counts those awaiting the previous head so the screen can say so.
 */
export async function setOrganizationHead({
  ctx,
  input: { id, body },
}: OnRecord<TAdminOrganizationHead>): Promise<TAdminHeadChange> {
  return changeOrganization(ctx, id, {
    write: async (tx, before) => {
      if (body.head_employee_id !== null) {
        const [employee] = await queryRows<{ id: number }>(
          tx,
          sql`select e.id from employees e where e.id = ${body.head_employee_id}`,
        );
        if (!employee) throw ValidationError.field('head_employee_id', ORG_MSG.headMissing);
      }
      // The same check as is_head in people and the import: active person, account rule for both heads.
      await checkHeadAppointment(ctx, tx, {
        organizationId: id,
        employeeId: body.head_employee_id,
        field: 'head_employee_id',
      });
      let kept = 0;
      if (before.head_employee_id !== null) {
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`select count(distinct a.task_id)::int as n from task_awaiting a
            join employees e on e.user_id = a.user_id
            join tasks t on t.id = a.task_id and t.organization_id = ${id}
            where e.id = ${before.head_employee_id}`,
        );
        kept = Number(row?.n ?? 0);
      }
      await tx
        .update(organizations)
        .set({ headEmployeeId: body.head_employee_id })
        .where(eq(organizations.id, id));
      return { organization: await findOpen(tx, id), rerouted_requests: 0, open_requests_kept: kept };
    },
    audit: (before, { organization: after }) => ({
      action: 'set_head',
      objectLabel: after.name,
      before: { head_employee_id: before.head_employee_id, head_name: before.head_name },
      after: { head_employee_id: after.head_employee_id, head_name: after.head_name },
    }),
  });
}

/** Closes an organisation nobody holds a position in and with no open organisation below. */
export async function closeOrganization({
  ctx,
  input: { id },
}: {
  ctx: RequestContext;
  input: { id: number };
}) {
  await changeOrganization(ctx, id, {
    lock: true,
    write: async (tx, before) => {
      if (before.member_count > 0 || before.child_count > 0) throw new Conflict(ORG_MSG.notEmpty);
      await tx
        .update(organizations)
        .set({ closedAt: new Date(), headEmployeeId: null })
        .where(eq(organizations.id, id));
    },
    audit: (before) => ({ action: 'close', before: snapshot(before), after: null }),
  });
}
