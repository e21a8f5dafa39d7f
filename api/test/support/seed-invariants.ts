// The story a seeded company must tell (issue 12, acceptance 4), for the demo seed and the large one:
// every bell links to a page that exists for its reader — a task they applied for, a node awaiting
// them, a task they observe — and names that task's workflow; every 勤怠報告 has the month it reports,
// so its sheet is never empty.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { daysInMonth } from '@portal/shared/attendance/dates';
import { taskLink } from '@portal/shared/workflow/task-links';
import type { Db } from '../../src/db/client.ts';
import { attendanceDrafts, attendanceVersions } from '../../src/db/schema/attendance.ts';
import { notifications } from '../../src/db/schema/notifications.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../../src/db/schema/tasks.ts';
import { workflows } from '../../src/db/schema/workflows.ts';

/** Pages a bell may open that are about no single request (the procedures menu, for a reminder). */
const PAGES_OF_NO_REQUEST = new Set(['/task/workflows']);

async function taskOf(db: Db, id: number) {
  const [row] = await db
    .select({ task: tasks, workflow: workflows.name })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(eq(tasks.id, id));
  return row;
}

async function approversOf(db: Db, taskNodeId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: taskNodeApprovers.userId })
    .from(taskNodeApprovers)
    .where(eq(taskNodeApprovers.taskNodeId, taskNodeId));
  return rows.map((r) => r.userId);
}

export async function expectBellsOpenTheirRequests(db: Db): Promise<void> {
  const bells = await db.select().from(notifications);
  expect(bells.length).toBeGreaterThan(0);
  for (const bell of bells) {
    const where = `${bell.title} → ${bell.forward}`;
    expect(bell.forward, where).not.toBeNull();
    if (PAGES_OF_NO_REQUEST.has(bell.forward!)) continue;
    const approval = /^\/task\/tasks\/approval\/(\d+)\/nodes\/(\d+)$/.exec(bell.forward!);
    const inList = /^\/task\/tasks\/(unresolved|finished|observer)\/(\d+)$/.exec(bell.forward!);
    expect(approval ?? inList, `${where} opens no request`).not.toBeNull();
    const taskId = Number(approval ? approval[1] : inList![2]);
    const found = await taskOf(db, taskId);
    expect(found, `${where}: no such task`).toBeDefined();
    const { task, workflow } = found!;
    if (bell.content.includes('「')) expect(bell.content, where).toContain(`「${workflow}」`);
    if (approval) {
      const [node] = await db
        .select()
        .from(taskNodes)
        .where(and(eq(taskNodes.id, Number(approval[2])), eq(taskNodes.taskId, taskId)));
      expect(node, `${where}: no such node`).toBeDefined();
      expect(await approversOf(db, node!.id), where).toContain(bell.userId);
    } else if (inList![1] === 'observer') {
      const observed = await db
        .select({ id: taskNodes.id })
        .from(taskNodes)
        .where(and(eq(taskNodes.taskId, taskId), eq(taskNodes.isObserver, true)));
      const observers = (await Promise.all(observed.map((n) => approversOf(db, n.id)))).flat();
      expect(observers, where).toContain(bell.userId);
    } else {
      expect(task.applicantId, `${where}: not the reader's request`).toBe(bell.userId);
      expect(bell.forward, `${where}: the list of its status`).toBe(taskLink.mine(task.id, task.status));
    }
  }
}

export async function expectReportsHaveTheirMonth(db: Db): Promise<number> {
  const reports = await db
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(eq(workflows.kind, 'attendance'));
  for (const { task } of reports) {
    const values = task.values as { year: unknown; month: unknown };
    const year = Number(values.year);
    const month = Number(values.month);
    const versions = await db.select().from(attendanceVersions).where(eq(attendanceVersions.taskId, task.id));
    expect(versions.length, `勤怠報告 ${task.id} has no attendance`).toBeGreaterThan(0);
    for (const version of versions) {
      expect(version).toMatchObject({ employeeId: task.employeeId, year, month });
      expect(version.data.first.days).toHaveLength(daysInMonth(year, month));
      expect(version.data.second.days).toHaveLength(daysInMonth(year, month));
      expect(
        version.data.first.days.some((d) => d.type !== ''),
        `勤怠報告 ${task.id} is empty`,
      ).toBe(true);
    }
    const [draft] = await db
      .select({ id: attendanceDrafts.id })
      .from(attendanceDrafts)
      .where(
        and(
          eq(attendanceDrafts.employeeId, task.employeeId!),
          eq(attendanceDrafts.year, year),
          eq(attendanceDrafts.month, month),
        ),
      );
    expect(draft, `勤怠報告 ${task.id} has no month draft`).toBeDefined();
  }
  return reports.length;
}
