// The tasks module's endpoints (api/src/modules/tasks/). Types still to be named: see docs/structure.md.
import type { TApprovalRequest, TTask } from '../contracts/tasks.ts';
import { endpoint, io } from './endpoint.ts';

export const tasks = {
  getTaskWorkflows: endpoint('get', '/api/task/workflows/', io<{ answer: unknown }>()),
  getTaskWorkflowsOne: endpoint('get', '/api/task/workflows/:id/', io<{ answer: unknown }>()),
  getTaskWorkflowsForm: endpoint('get', '/api/task/workflows/:id/form/', io<{ answer: unknown }>()),
  postTaskWorkflowsForm: endpoint('post', '/api/task/workflows/:id/form/', io<{ answer: unknown }>()),
  getTaskTasks: endpoint('get', '/api/task/tasks/', io<{ answer: unknown }>()),
  postTaskTasksUndoVacation: endpoint('post', '/api/task/tasks/undo/vacation/', io<{ answer: unknown }>()),
  getTaskTasksOne: endpoint('get', '/api/task/tasks/:id/', io<{ answer: unknown }>()),
  getTaskTasksForm: endpoint('get', '/api/task/tasks/:id/form/', io<{ answer: unknown }>()),
  getTaskTasksNodes: endpoint('get', '/api/task/tasks/:id/nodes/', io<{ answer: unknown }>()),
  getTaskTasksUndoInfo: endpoint('get', '/api/task/tasks/:id/undo-info/', io<{ answer: unknown }>()),
  approveNode: endpoint(
    'post',
    '/api/task/tasks/:id/nodes/:nodeId/approval/',
    io<{ body: TApprovalRequest; answer: TTask }>(),
  ),
  postTaskTasksNodesUndo: endpoint(
    'post',
    '/api/task/tasks/:id/nodes/:nodeId/undo/',
    io<{ answer: unknown }>(),
  ),
  postTaskTasksResubmit: endpoint('post', '/api/task/tasks/:id/resubmit/', io<{ answer: unknown }>()),
  postTaskTasksWithdraw: endpoint('post', '/api/task/tasks/:id/withdraw/', io<{ answer: unknown }>()),
  getAttachmentDownload: endpoint('get', '/api/attachment/:id/download/', io<{ answer: unknown }>()),
} as const;
