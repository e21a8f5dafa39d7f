import type { TTaskListItem } from '@portal/shared/contracts/tasks';
import type { TTaskListFilter } from '@portal/shared/workflow/codes';

const LIST_PREFIX = '/task/tasks/';

/** The list a /task/tasks/{filter}… path belongs to. */
export function listFilterOf(pathname: string): TTaskListFilter {
  const segment = pathname.startsWith(LIST_PREFIX) ? pathname.slice(LIST_PREFIX.length).split('/')[0] : '';
  switch (segment) {
    case 'approval':
    case 'approval-finished':
    case 'finished':
    case 'observer':
      return segment;
    default:
      return 'unresolved';
  }
}

/** Spec §2.1: the approval list opens the awaiting node; the others open the task. */
export function taskDetailPath(filter: TTaskListFilter, item: Pick<TTaskListItem, 'id' | 'node_id'>): string {
  if (filter === 'approval' && item.node_id !== null)
    return `${LIST_PREFIX}approval/${item.id}/nodes/${item.node_id}`;
  if (filter === 'approval') return `${LIST_PREFIX}approval-finished/${item.id}`;
  return `${LIST_PREFIX}${filter}/${item.id}`;
}

export const createTaskPath = (workflowId: number) => `/task/workflows/${workflowId}/create`;
