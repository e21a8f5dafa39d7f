// The tasks module's endpoints (api/src/modules/tasks/): applying for a workflow, the task lists, a
// task and its form and nodes, the actions on it, and its attachments.
import type { TAttachmentDownload } from '../contracts/attachments.ts';
import type { TPage } from '../contracts/pagination.ts';
import type {
  TApplicableWorkflow,
  TApplicableWorkflowDetail,
  TApprovalRequest,
  TTask,
  TTaskFormField,
  TTaskFormValues,
  TTaskListItem,
  TTaskListQuery,
  TTaskNode,
  TUndoInfo,
  TVacationUndoRequest,
  TWithdrawRequest,
  TWorkflowFormSchema,
} from '../contracts/tasks.ts';
import { endpoint, io } from './endpoint.ts';

/** The page is optional on the wire (1 when left out). */
type TaskListQuery = Omit<TTaskListQuery, 'page'> & { page?: number };

export const tasks = {
  workflows: endpoint('get', '/api/task/workflows/', io<{ answer: TApplicableWorkflow[] }>()),
  workflow: endpoint('get', '/api/task/workflows/:id/', io<{ answer: TApplicableWorkflowDetail }>()),
  workflowForm: endpoint('get', '/api/task/workflows/:id/form/', io<{ answer: TWorkflowFormSchema }>()),
  submit: endpoint('post', '/api/task/workflows/:id/form/', io<{ body: TTaskFormValues; answer: TTask }>()),
  list: endpoint('get', '/api/task/tasks/', io<{ query: TaskListQuery; answer: TPage<TTaskListItem> }>()),
  cancelVacation: endpoint(
    'post',
    '/api/task/tasks/undo/vacation/',
    io<{ body: TVacationUndoRequest; answer: TTask }>(),
  ),
  one: endpoint('get', '/api/task/tasks/:id/', io<{ answer: TTask }>()),
  form: endpoint('get', '/api/task/tasks/:id/form/', io<{ answer: TTaskFormField[] }>()),
  nodes: endpoint('get', '/api/task/tasks/:id/nodes/', io<{ answer: TTaskNode[] }>()),
  undoInfo: endpoint('get', '/api/task/tasks/:id/undo-info/', io<{ answer: TUndoInfo }>()),
  approveNode: endpoint(
    'post',
    '/api/task/tasks/:id/nodes/:nodeId/approval/',
    io<{ body: TApprovalRequest; answer: TTask }>(),
  ),
  undoNode: endpoint('post', '/api/task/tasks/:id/nodes/:nodeId/undo/', io<{ answer: TTask }>()),
  resubmit: endpoint('post', '/api/task/tasks/:id/resubmit/', io<{ body: TTaskFormValues; answer: TTask }>()),
  withdraw: endpoint(
    'post',
    '/api/task/tasks/:id/withdraw/',
    io<{ body: TWithdrawRequest; answer: TTask }>(),
  ),
  attachment: endpoint('get', '/api/attachment/:id/download/', io<{ answer: TAttachmentDownload }>()),
} as const;
