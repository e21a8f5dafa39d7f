import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflow } from '@portal/shared/endpoints/workflow';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/forms/choice/ — every workflow, for the node list's filter. */
export const getWorkflowChoices = () => api.call(workflow.formChoices, {});

export const workflowChoicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workflows.choices, queryFn: getWorkflowChoices, staleTime: 60_000 });

export const useWorkflowChoices = () => useQuery(workflowChoicesQueryOptions());
