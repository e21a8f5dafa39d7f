import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChoice } from '@portal/shared/contracts/choices';
import { api } from '@/lib/api-client.ts';
import { WORKFLOWS_KEY } from './keys.ts';

/** GET workflow/forms/choice/ — every workflow, for the node list's filter. */
export const getWorkflowChoices = () => api.get<TChoice[]>('/workflow/forms/choice/');

export const workflowChoicesQueryOptions = () =>
  queryOptions({ queryKey: [...WORKFLOWS_KEY, 'choices'], queryFn: getWorkflowChoices, staleTime: 60_000 });

export const useWorkflowChoices = () => useQuery(workflowChoicesQueryOptions());
