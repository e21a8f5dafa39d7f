// The portal pages of a task, defined once for everyone who links to them: the API's bell
// notifications, the bot's cards and the web's navigation. They are the web's routes under
// /task/tasks/{list} (web/src/app/router.tsx).
import type { TTaskListFilter } from './codes.ts';

const TASKS = '/task/tasks';

const inList = (filter: TTaskListFilter, taskId: number) => `${TASKS}/${filter}/${taskId}`;
const approvalNodes = (taskId: number) => `${TASKS}/approval/${taskId}/nodes/`;

export const taskLink = {
  /** A list of spec §2.1. */
  list: (filter: TTaskListFilter) => `${TASKS}/${filter}`,
  /** A task opened from a list. */
  task: inList,
  /** The node that awaits the approver. */
  approval: (taskId: number, nodeId: number) => `${approvalNodes(taskId)}${nodeId}`,
  /** What every node's approval link of a task begins with; the node's id follows (the API's SQL). */
  approvalNodes,
  /** The applicant's own task: in progress or sent back (01, 02), else finished. */
  mine: (taskId: number, status: string) =>
    inList(status === '01' || status === '02' ? 'unresolved' : 'finished', taskId),
} as const;
