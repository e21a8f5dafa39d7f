// The workflow module's endpoints (api/src/modules/workflow/): the workflow and node masters.
import type { TChoice } from '../contracts/choices.ts';
import type { TPage } from '../contracts/pagination.ts';
import type {
  TNode,
  TNodeChoiceQuery,
  TNodeListQuery,
  TNodeRequest,
  TWorkflow,
  TWorkflowListQuery,
  TWorkflowPatchRequest,
  TWorkflowRequest,
  TWorkflowSummary,
} from '../contracts/workflows.ts';
import { PERM } from '../permissions.ts';
import { endpoint, io } from './endpoint.ts';

export const workflow = {
  list: endpoint(
    'get',
    '/api/workflow/workflows/',
    io<{ query: Partial<TWorkflowListQuery>; answer: TPage<TWorkflowSummary> }>(),
    { permission: PERM.viewWorkflow },
  ),
  create: endpoint('post', '/api/workflow/workflows/', io<{ body: TWorkflowRequest; answer: TWorkflow }>(), {
    permission: PERM.addWorkflow,
  }),
  get: endpoint('get', '/api/workflow/workflows/:id/', io<{ answer: TWorkflow }>(), {
    permission: PERM.viewWorkflow,
  }),
  replace: endpoint(
    'put',
    '/api/workflow/workflows/:id/',
    io<{ body: TWorkflowRequest; answer: TWorkflow }>(),
    {
      permission: PERM.changeWorkflow,
    },
  ),
  patch: endpoint(
    'patch',
    '/api/workflow/workflows/:id/',
    io<{ body: TWorkflowPatchRequest; answer: TWorkflow }>(),
    { permission: PERM.changeWorkflow },
  ),
  delete: endpoint('delete', '/api/workflow/workflows/:id/', io<{ answer: void }>(), {
    permission: PERM.deleteWorkflow,
  }),
  workflowNodes: endpoint('get', '/api/workflow/workflows/:id/nodes/', io<{ answer: TNode[] }>(), {
    permission: PERM.viewNode,
  }),
  listNodes: endpoint(
    'get',
    '/api/workflow/nodes/',
    io<{ query: Partial<TNodeListQuery>; answer: TPage<TNode> }>(),
    { permission: PERM.viewNode },
  ),
  createNode: endpoint('post', '/api/workflow/nodes/', io<{ body: TNodeRequest; answer: TNode }>(), {
    permission: PERM.addNode,
  }),
  nodeChoices: endpoint(
    'get',
    '/api/workflow/nodes/choice/',
    io<{ query: Partial<TNodeChoiceQuery>; answer: TChoice[] }>(),
    { permission: PERM.viewNode },
  ),
  getNode: endpoint('get', '/api/workflow/nodes/:id/', io<{ answer: TNode }>(), {
    permission: PERM.viewNode,
  }),
  replaceNode: endpoint('put', '/api/workflow/nodes/:id/', io<{ body: TNodeRequest; answer: TNode }>(), {
    permission: PERM.changeNode,
  }),
  deleteNode: endpoint('delete', '/api/workflow/nodes/:id/', io<{ answer: void }>(), {
    permission: PERM.deleteNode,
  }),
  formChoices: endpoint('get', '/api/workflow/forms/choice/', io<{ answer: TChoice[] }>(), {
    permission: [PERM.viewWorkflow, PERM.viewNode],
  }),
} as const;
