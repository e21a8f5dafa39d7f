// Writes the demo company (demo-company.ts) into a migrated database, in one transaction. Refuses to
// run twice: if the demo admin or the company row exists, nothing is written.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORG_HEAD_TITLES } from '@portal/shared/codes';
import { BELL_MSG } from '@portal/shared/messages';
import { taskLink } from '@portal/shared/workflow/task-links';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { ensurePermissions } from '../db/reference-data.ts';
import { companyCalendarFiles, companyInfo } from '../db/schema/company.ts';
import { contracts, employees } from '../db/schema/employees.ts';
import { notifications } from '../db/schema/notifications.ts';
import { organizations, positions } from '../db/schema/organizations.ts';
import { taskNodes, tasks } from '../db/schema/tasks.ts';
import { workflows } from '../db/schema/workflows.ts';
import {
  groupPermissions,
  groups,
  permissions,
  userGroups,
  userPermissions,
  users,
} from '../db/schema/users.ts';
import { seedDemoAssets } from './assets.ts';
import { seedDemoAttendance } from './attendance.ts';
import { seedDemoRecords } from './records.ts';
import { calendarSvg } from './calendar-image.ts';
import { seedDemoWorkflows } from './seed-workflows.ts';
import { seedDemoLeaveHistory } from './leave-history.ts';
import { seedDemoSlips } from './slips.ts';
import { seedDemoNotices } from './notices.ts';
import { seedDemoManual } from './manual.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import {
  DEMO_ADMIN,
  DEMO_COMPANY_NAME,
  DEMO_CONCURRENT_POSTS,
  DEMO_EMPLOYEES,
  DEMO_GROUP_MEMBERS,
  DEMO_HR_GROUP,
  DEMO_NOTIFICATIONS_FOR_YAMADA,
  DEMO_STAFF,
  DEMO_ORGANIZATIONS,
  DEMO_USER_PERMISSIONS,
  type DemoEmployee,
} from './demo-company.ts';

export interface SeedOptions {
  /**
   * A ready argon2id hash of the demo password. Hashing costs ~200 ms, so the seed hashes once and
   * every account shares the hash; tests pass a cheaper one.
   */
  readonly passwordHash?: string;
  /** The seeding moment: contract ends and notification times are relative to it. */
  readonly now?: Date;
}

export type SeedResult =
  { seeded: true; users: number; employees: number } | { seeded: false; reason: string };

export async function hasDemoData(db: Db): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, DEMO_ADMIN.username))
    .limit(1);
  const [company] = await db.select({ id: companyInfo.id }).from(companyInfo).limit(1);
  return Boolean(admin || company);
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

/** The 31 March that closes the fiscal year (年度) running at `now`. */
function fiscalYearEnd(now: Date): string {
  const year = now.getUTCMonth() >= 3 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return `${year}-03-31`;
}

function contractsOf(employee: DemoEmployee, employeeId: number, now: Date) {
  const base = { employeeId, workStartTime: '09:00', workEndTime: '18:00' };
  if (employee.fixedTerm) return [{ ...base, startDate: employee.joinDate, endDate: fiscalYearEnd(now) }];
  if (employee.username === 'yamada') {
    // A finished first contract, so "latest contract" has something to choose between.
    return [
      { ...base, startDate: employee.joinDate, endDate: '2018-03-31' },
      { ...base, startDate: '2018-04-01', endDate: null },
    ];
  }
  return [{ ...base, startDate: employee.joinDate, endDate: null }];
}

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  if (await hasDemoData(db)) {
    // A company seeded before the workflow engine existed gets its demo workflows now.
    const added = await db.transaction((tx) => seedDemoWorkflows(tx, now));
    return {
      seeded: false,
      reason: added ? 'demo data already exists; demo workflows added' : 'demo data already exists',
    };
  }
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));

  return db.transaction(async (tx) => {
    await ensurePermissions(tx);

    const userRows = await tx
      .insert(users)
      .values([
        {
          username: DEMO_ADMIN.username,
          fullName: DEMO_ADMIN.fullName,
          email: `${DEMO_ADMIN.username}@example.com`,
          passwordHash,
          isStaff: true,
          isSuperuser: true,
        },
        ...DEMO_EMPLOYEES.map((e) => ({
          username: e.username,
          fullName: `${e.lastName} ${e.firstName}`,
          email: `${e.username}@example.com`,
          passwordHash,
          isStaff: DEMO_STAFF.includes(e.username),
        })),
      ])
      .returning({ id: users.id, username: users.username });
    const userIds = new Map(userRows.map((u) => [u.username, u.id]));

    const employeeRows = await tx
      .insert(employees)
      .values(
        DEMO_EMPLOYEES.map((e, index) => ({
          userId: must(userIds.get(e.username), `user ${e.username}`),
          code: `E${String(index + 1).padStart(4, '0')}`,
          lastName: e.lastName,
          firstName: e.firstName,
          lastNameKana: e.lastNameKana,
          firstNameKana: e.firstNameKana,
          gender: e.gender,
          birthDate: e.birthDate,
          joinDate: e.joinDate,
          country: e.country ?? '392',
          residenceStatus: e.residenceStatus ?? '90',
          maritalStatus: e.married ? ('1' as const) : ('0' as const),
          email: `${e.username}@example.com`,
        })),
      )
      .returning({ id: employees.id, userId: employees.userId });
    const employeeIdByUser = new Map(employeeRows.map((row) => [row.userId, row.id]));
    const employeeId = (username: string) =>
      must(employeeIdByUser.get(must(userIds.get(username), `user ${username}`)), `employee ${username}`);

    await tx
      .insert(contracts)
      .values(DEMO_EMPLOYEES.flatMap((e) => contractsOf(e, employeeId(e.username), now)));

    // Parents come before children in DEMO_ORGANIZATIONS, so each parent id is known when needed.
    const orgIds = new Map<string, number>();
    for (const org of DEMO_ORGANIZATIONS) {
      const [row] = await tx
        .insert(organizations)
        .values({
          name: org.name,
          level: org.level,
          parentId: org.parent === null ? null : must(orgIds.get(org.parent), `organisation ${org.parent}`),
          headEmployeeId: employeeId(org.head),
        })
        .returning({ id: organizations.id });
      orgIds.set(org.key, must(row?.id, `organisation ${org.key}`));
    }

    const headOf = new Map(DEMO_ORGANIZATIONS.map((org) => [org.head, org]));
    await tx.insert(positions).values([
      ...DEMO_EMPLOYEES.map((e) => {
        const headed = headOf.get(e.username);
        return {
          employeeId: employeeId(e.username),
          organizationId: must(orgIds.get(e.org), `organisation ${e.org}`),
          title: headed?.key === e.org ? ORG_HEAD_TITLES[headed.level] : (e.title ?? '一般'),
          isPartTime: false,
        };
      }),
      ...DEMO_CONCURRENT_POSTS.map((post) => ({
        employeeId: employeeId(post.username),
        organizationId: must(orgIds.get(post.org), `organisation ${post.org}`),
        title: post.title,
        isPartTime: true,
      })),
    ]);

    const codenames = [...DEMO_HR_GROUP.permissions, ...DEMO_USER_PERMISSIONS.flatMap((u) => u.permissions)];
    const permissionRows = await tx
      .select({ id: permissions.id, codename: permissions.codename })
      .from(permissions)
      .where(inArray(permissions.codename, codenames));
    const permissionId = new Map(permissionRows.map((p) => [p.codename, p.id]));

    const [hrGroup] = await tx
      .insert(groups)
      .values({ name: DEMO_HR_GROUP.name })
      .returning({ id: groups.id });
    const hrGroupId = must(hrGroup?.id, 'group');
    await tx.insert(groupPermissions).values(
      DEMO_HR_GROUP.permissions.map((p) => ({
        groupId: hrGroupId,
        permissionId: must(permissionId.get(p), p),
      })),
    );
    await tx
      .insert(userGroups)
      .values(
        DEMO_GROUP_MEMBERS.map((u) => ({ userId: must(userIds.get(u), `user ${u}`), groupId: hrGroupId })),
      );
    await tx.insert(userPermissions).values(
      DEMO_USER_PERMISSIONS.flatMap((u) =>
        u.permissions.map((p) => ({
          userId: must(userIds.get(u.username), `user ${u.username}`),
          permissionId: must(permissionId.get(p), p),
        })),
      ),
    );

    await tx.insert(companyInfo).values({ id: 1, name: DEMO_COMPANY_NAME });
    const year = now.getUTCFullYear();
    await tx.insert(companyCalendarFiles).values({
      name: `${year}年 会社カレンダー`,
      image: Buffer.from(calendarSvg(year, DEMO_COMPANY_NAME), 'utf8'),
      contentType: 'image/svg+xml',
    });

    await seedDemoAssets(tx, now);
    const withWorkflows = await seedDemoWorkflows(tx, now);
    await seedDemoAttendance(tx, now);
    await seedDemoLeaveHistory(tx, now);
    await seedDemoSlips(tx, now);
    await seedDemoNotices(tx, now, must(orgIds.get('dev'), 'organisation dev'));
    await seedDemoManual(tx, now, must(userIds.get(DEMO_ADMIN.username), 'admin'));

    const yamada = must(userIds.get('yamada'), 'user yamada');
    const bells = [];
    for (const n of DEMO_NOTIFICATIONS_FOR_YAMADA) {
      if (n.kind === 'reminder') {
        const { title, content, forward, isRead } = n;
        bells.push({
          title,
          content,
          forward,
          isRead,
          createdAt: new Date(now.getTime() - n.minutesAgo * 60_000),
        });
      } else if (withWorkflows) {
        bells.push({ ...(await requestBell(tx, yamada, n)), isRead: n.isRead });
      }
    }
    await tx.insert(notifications).values(bells.map((bell) => ({ userId: yamada, ...bell })));
    await seedDemoRecords(tx, now);

    return { seeded: true, users: userRows.length, employees: employeeRows.length };
  });
}

/**
 * The bell the engine sent the applicant about their seeded request of `workflowId` now in `status`
 * (bells.ts): the same title, sentence and link, dated when the task was last acted on.
 */
async function requestBell(
  tx: Db,
  applicantId: number,
  about: { readonly workflowId: number; readonly status: '02' | '90' },
) {
  const [task] = await tx
    .select({ id: tasks.id, updatedAt: tasks.updatedAt, workflow: workflows.name })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(
      and(
        eq(tasks.applicantId, applicantId),
        eq(tasks.workflowId, about.workflowId),
        eq(tasks.status, about.status),
      ),
    )
    .orderBy(desc(tasks.id))
    .limit(1);
  if (!task) throw new Error(`demo seed: no request of workflow ${about.workflowId} in ${about.status}`);
  const forward = taskLink.mine(task.id, about.status);
  if (about.status === '90')
    return {
      title: BELL_MSG.approvedTitle,
      content: BELL_MSG.approvedContent(task.workflow),
      forward,
      createdAt: task.updatedAt,
    };
  const [sentBack] = await tx
    .select({ comment: taskNodes.comment })
    .from(taskNodes)
    .where(and(eq(taskNodes.taskId, task.id), eq(taskNodes.status, '02')))
    .limit(1);
  return {
    title: BELL_MSG.sentBackTitle,
    content: BELL_MSG.sentBackContent(task.workflow, sentBack?.comment ?? ''),
    forward,
    createdAt: task.updatedAt,
  };
}

/** True when the database has no accounts at all: nobody could sign in, so the demo can move in. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ any: sql<number>`1` })
    .from(users)
    .limit(1);
  return row === undefined;
}
