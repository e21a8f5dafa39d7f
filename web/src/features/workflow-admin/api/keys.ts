import type { QueryClient } from '@tanstack/react-query';

/** Workflow lists and details. */
export const WORKFLOWS_KEY = ['admin-workflows'] as const;
/** Node lists (all nodes, and a workflow's nodes). */
export const NODES_KEY = ['admin-nodes'] as const;

/** After a change: the lists (node counts), the details, and what the procedures menu shows. */
export async function invalidateWorkflows(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: WORKFLOWS_KEY }),
    queryClient.invalidateQueries({ queryKey: NODES_KEY }),
    queryClient.invalidateQueries({ queryKey: ['task-workflows'] }),
  ]);
}
