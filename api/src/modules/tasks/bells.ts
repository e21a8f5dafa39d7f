// The bell notifications of the task transitions: who gets them, the sentence (shared/src/messages.ts)
// and the page it opens (shared/src/workflow/task-links.ts).
import { BELL_MSG } from '@portal/shared/messages';
import { taskLink } from '@portal/shared/workflow/task-links';
import type { Bell } from './events.ts';
import type { Advance, PlannedNode } from './flow.ts';

interface TaskRef {
  readonly id: number;
  readonly applicantId: number;
}

/** The approvers (and their proxies) of the nodes that now await action, and the applicant when approved. */
export function advanceBells(
  task: TaskRef,
  workflowName: string,
  applicantName: string,
  moved: Advance,
): Bell[] {
  return [
    ...awaitingBells(task, workflowName, applicantName, moved),
    ...approvedBells(task, workflowName, moved),
  ];
}

/** A flow that has just started (or restarted): as advanceBells, and its observers in between. */
export function startBells(
  task: TaskRef,
  workflowName: string,
  applicantName: string,
  plan: readonly PlannedNode[],
  moved: Advance,
): Bell[] {
  const observers = plan.filter((p) => p.isObserver).flatMap((p) => p.approverIds);
  const observed: Bell[] = observers.length
    ? [
        {
          userIds: observers,
          title: BELL_MSG.observerTitle(workflowName),
          content: BELL_MSG.observerContent(applicantName, workflowName),
          forward: taskLink.task('observer', task.id),
        },
      ]
    : [];
  return [
    ...awaitingBells(task, workflowName, applicantName, moved),
    ...observed,
    ...approvedBells(task, workflowName, moved),
  ];
}

function awaitingBells(task: TaskRef, workflowName: string, applicantName: string, moved: Advance): Bell[] {
  return moved.activated.map((node) => ({
    userIds: node.userIds,
    title: BELL_MSG.approvalTitle(workflowName),
    content: BELL_MSG.approvalContent(applicantName, workflowName),
    forward: taskLink.approval(task.id, node.id),
  }));
}

function approvedBells(task: TaskRef, workflowName: string, moved: Advance): Bell[] {
  if (!moved.finished) return [];
  return [
    {
      userIds: [task.applicantId],
      title: BELL_MSG.approvedTitle,
      content: BELL_MSG.approvedContent(workflowName),
      forward: taskLink.task('finished', task.id),
    },
  ];
}

export function sentBackBell(task: TaskRef, workflowName: string, comment: string): Bell {
  return {
    userIds: [task.applicantId],
    title: BELL_MSG.sentBackTitle,
    content: BELL_MSG.sentBackContent(workflowName, comment),
    forward: taskLink.task('unresolved', task.id),
  };
}

export function rejectedBell(task: TaskRef, workflowName: string, reason: string): Bell {
  return {
    userIds: [task.applicantId],
    title: BELL_MSG.rejectedTitle,
    content: BELL_MSG.rejectedContent(workflowName, reason),
    forward: taskLink.task('finished', task.id),
  };
}

/** The approvers concerned, told that the applicant withdrew the task or cancelled it once approved. */
export function endedByApplicantBells(
  task: TaskRef,
  workflowName: string,
  userIds: readonly number[],
  how: 'withdrawn' | 'cancelled',
): Bell[] {
  if (userIds.length === 0) return [];
  const withdrawn = how === 'withdrawn';
  return [
    {
      userIds,
      title: withdrawn ? BELL_MSG.withdrawnTitle : BELL_MSG.cancelledTitle,
      content: withdrawn ? BELL_MSG.withdrawnContent(workflowName) : BELL_MSG.cancelledContent(workflowName),
      forward: taskLink.task('approval-finished', task.id),
    },
  ];
}
