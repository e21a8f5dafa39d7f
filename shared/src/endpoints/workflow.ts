// The workflow module's endpoints (api/src/modules/workflow/). Types still to be named: see docs/structure.md.
import { endpoint, io } from './endpoint.ts';

export const workflow = {
  getWorkflowWorkflows: endpoint('get', '/api/workflow/workflows/', io<{ answer: unknown }>()),
  postWorkflowWorkflows: endpoint('post', '/api/workflow/workflows/', io<{ answer: unknown }>()),
  getWorkflowWorkflowsOne: endpoint('get', '/api/workflow/workflows/:id/', io<{ answer: unknown }>()),
  putWorkflowWorkflowsOne: endpoint('put', '/api/workflow/workflows/:id/', io<{ answer: unknown }>()),
  patchWorkflowWorkflowsOne: endpoint('patch', '/api/workflow/workflows/:id/', io<{ answer: unknown }>()),
  deleteWorkflowWorkflowsOne: endpoint('delete', '/api/workflow/workflows/:id/', io<{ answer: unknown }>()),
  getWorkflowWorkflowsNodes: endpoint('get', '/api/workflow/workflows/:id/nodes/', io<{ answer: unknown }>()),
  getWorkflowNodes: endpoint('get', '/api/workflow/nodes/', io<{ answer: unknown }>()),
  postWorkflowNodes: endpoint('post', '/api/workflow/nodes/', io<{ answer: unknown }>()),
  getWorkflowNodesChoice: endpoint('get', '/api/workflow/nodes/choice/', io<{ answer: unknown }>()),
  getWorkflowNodesOne: endpoint('get', '/api/workflow/nodes/:id/', io<{ answer: unknown }>()),
  putWorkflowNodesOne: endpoint('put', '/api/workflow/nodes/:id/', io<{ answer: unknown }>()),
  deleteWorkflowNodesOne: endpoint('delete', '/api/workflow/nodes/:id/', io<{ answer: unknown }>()),
  getWorkflowFormsChoice: endpoint('get', '/api/workflow/forms/choice/', io<{ answer: unknown }>()),
} as const;
