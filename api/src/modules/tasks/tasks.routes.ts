import {
  ZApprovalRequest,
  ZTaskFormValues,
  ZTaskListQuery,
  ZVacationUndoRequest,
  ZWithdrawRequest,
} from '@portal/shared/contracts/tasks';
import { tasks } from '@portal/shared/endpoints/tasks';
import { moduleOf } from '../../api-module.ts';
import { versionedCache } from '../../cache/versioned-cache.ts';
import { tokyoDate } from '../../dates.ts';
import { endpointRouter, route, SENT } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import { approveNode } from './approve-node.ts';
import { listTasks, TASK_LIST_TABLES } from './list-tasks.ts';
import { rejectTask } from './reject-task.ts';
import { resubmitTask } from './resubmit-task.ts';
import { sendBack } from './send-back.ts';
import { submitTask } from './submit-task.ts';
import {
  downloadAttachment,
  getApplicableWorkflow,
  getTask,
  getTaskForm,
  getTaskNodes,
  getWorkflowFormSchema,
  listApplicableWorkflows,
} from './task-reads.ts';
import { getUndoInfo, undoApproval } from './undo-approval.ts';
import { undoVacation } from './undo-vacation.ts';
import { withdrawTask } from './withdraw-task.ts';

/** About 4 KB each: a few thousand approvers' first pages. */
const MAX_CACHED_PAGES = 2_000;

export const tasksModule = moduleOf('tasks', tasks, (deps) => {
  const on = endpointRouter(deps);
  // The lists are read far more often than tasks change (every screen's badge, every return to a
  // list), so a page's JSON is kept until anything it shows changes. The date is in the key because
  // a proxy's period starts and ends with it.
  const pages = versionedCache<string>(deps.changes, MAX_CACHED_PAGES, TASK_LIST_TABLES);

  route(on, tasks.workflows, {}, ({ ctx }) => listApplicableWorkflows({ ctx }));
  route(on, tasks.workflow, {}, ({ ctx, params }) =>
    getApplicableWorkflow({ ctx, input: { workflowId: params.id } }),
  );
  route(on, tasks.workflowForm, {}, ({ ctx, params }) =>
    getWorkflowFormSchema({ ctx, input: { workflowId: params.id } }),
  );
  route(on, tasks.submit, { body: ZTaskFormValues, status: 201 }, ({ ctx, params, body }) =>
    submitTask({ ctx, input: { workflowId: params.id, body } }),
  );

  route(on, tasks.list, { query: ZTaskListQuery }, async ({ ctx, query, req, res }) => {
    const key = `${ctx.user.id} ${tokyoDate()} ${req.protocol}://${req.get('host')}${req.originalUrl}`;
    const body = await pages.remember(key, async () => {
      const page = await listTasks({ ctx, input: query });
      const filters = {
        filter: query.filter,
        workflow: query.workflow === undefined ? undefined : String(query.workflow),
        date_from: query.date_from,
        date_to: query.date_to,
      };
      return JSON.stringify(pageEnvelope(req, { number: query.page, filters, ...page }));
    });
    res.type('json').send(body);
    return SENT;
  });

  // Before /task/tasks/:id so that "undo" is never taken for an id.
  route(on, tasks.cancelVacation, { body: ZVacationUndoRequest }, ({ ctx, body }) =>
    undoVacation({ ctx, input: { taskId: body.task_id } }),
  );

  route(on, tasks.one, {}, ({ ctx, params }) => getTask({ ctx, input: { taskId: params.id } }));
  route(on, tasks.form, {}, ({ ctx, params }) => getTaskForm({ ctx, input: { taskId: params.id } }));
  route(on, tasks.nodes, {}, ({ ctx, params }) => getTaskNodes({ ctx, input: { taskId: params.id } }));
  route(on, tasks.undoInfo, {}, ({ ctx, params }) => getUndoInfo({ ctx, input: { taskId: params.id } }));

  route(on, tasks.approveNode, { body: ZApprovalRequest }, ({ ctx, params, body }) => {
    const { id: taskId, nodeId } = params;
    switch (body.action) {
      case 'approve':
        return approveNode({ ctx, input: { taskId, nodeId, comment: body.comment ?? null } });
      case 'send_back':
        return sendBack({ ctx, input: { taskId, nodeId, comment: body.comment } });
      case 'reject':
        return rejectTask({
          ctx,
          input: { taskId, nodeId, reason: body.reason, comment: body.comment ?? null },
        });
    }
  });
  route(on, tasks.undoNode, {}, ({ ctx, params }) =>
    undoApproval({ ctx, input: { taskId: params.id, nodeId: params.nodeId } }),
  );
  route(on, tasks.resubmit, { body: ZTaskFormValues }, ({ ctx, params, body }) =>
    resubmitTask({ ctx, input: { taskId: params.id, body } }),
  );
  route(on, tasks.withdraw, { body: ZWithdrawRequest }, ({ ctx, params, body }) =>
    withdrawTask({ ctx, input: { taskId: params.id, comment: body.comment ?? null } }),
  );

  route(on, tasks.attachment, {}, ({ ctx, params }) =>
    downloadAttachment({ ctx, input: { attachmentId: params.id } }),
  );
  return on.router;
});
