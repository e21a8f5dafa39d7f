import { Router, type RequestHandler } from 'express';
import {
  ZApprovalRequest,
  ZTaskFormValues,
  ZTaskListQuery,
  ZVacationUndoRequest,
  ZWithdrawRequest,
} from '@portal/shared/contracts/tasks';
import type { ApiModule } from '../../api-module.ts';
import type { ChangeFeed } from '../../cache/change-feed.ts';
import { versionedCache } from '../../cache/versioned-cache.ts';
import { tokyoDate } from '../../dates.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody, parseId, parseQuery } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import { approveNode } from './approve-node.ts';
import { listTasks } from './list-tasks.ts';
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

export const tasksModule: ApiModule = {
  name: 'tasks',
  prefixes: ['/task/', '/attachment/'],
  router: tasksRouter,
};

function tasksRouter({ requireAuth, changes }: { requireAuth: RequestHandler; changes: ChangeFeed }): Router {
  const router = Router();
  // The lists are read far more often than tasks change (every screen's badge, every return to a
  // list), so a page's JSON is kept until anything it shows changes. The date is in the key because
  // a proxy's period starts and ends with it.
  const pages = versionedCache<string>(changes, MAX_CACHED_PAGES);

  router
    .route('/task/workflows')
    .get(requireAuth, async (req, res) => {
      res.json(await listApplicableWorkflows({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/workflows/:id')
    .get(requireAuth, async (req, res) => {
      res.json(
        await getApplicableWorkflow({ ctx: contextOf(req), input: { workflowId: parseId(req.params.id) } }),
      );
    })
    .all(methodNotAllowed);

  router
    .route('/task/workflows/:id/form')
    .get(requireAuth, async (req, res) => {
      res.json(
        await getWorkflowFormSchema({ ctx: contextOf(req), input: { workflowId: parseId(req.params.id) } }),
      );
    })
    .post(requireAuth, async (req, res) => {
      const workflowId = parseId(req.params.id);
      const body = parseBody(ZTaskFormValues, req);
      res.status(201).json(await submitTask({ ctx: contextOf(req), input: { workflowId, body } }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZTaskListQuery, req);
      const ctx = contextOf(req);
      const key = `${ctx.user.id} ${tokyoDate()} ${req.protocol}://${req.get('host')}${req.originalUrl}`;
      const body = await pages.remember(key, async () => {
        const page = await listTasks({ ctx, input });
        const filters = {
          filter: input.filter,
          workflow: input.workflow === undefined ? undefined : String(input.workflow),
          date_from: input.date_from,
          date_to: input.date_to,
        };
        return JSON.stringify(pageEnvelope(req, { number: input.page, filters, ...page }));
      });
      res.type('json').send(body);
    })
    .all(methodNotAllowed);

  // Before /task/tasks/:id so that "undo" is never taken for an id.
  router
    .route('/task/tasks/undo/vacation')
    .post(requireAuth, async (req, res) => {
      const body = parseBody(ZVacationUndoRequest, req);
      res.json(await undoVacation({ ctx: contextOf(req), input: { taskId: body.task_id } }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await getTask({ ctx: contextOf(req), input: { taskId: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id/form')
    .get(requireAuth, async (req, res) => {
      res.json(await getTaskForm({ ctx: contextOf(req), input: { taskId: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id/nodes')
    .get(requireAuth, async (req, res) => {
      res.json(await getTaskNodes({ ctx: contextOf(req), input: { taskId: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id/undo-info')
    .get(requireAuth, async (req, res) => {
      res.json(await getUndoInfo({ ctx: contextOf(req), input: { taskId: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id/nodes/:nodeId/approval')
    .post(requireAuth, async (req, res) => {
      const ctx = contextOf(req);
      const taskId = parseId(req.params.id);
      const nodeId = parseId(req.params.nodeId);
      const body = parseBody(ZApprovalRequest, req);
      switch (body.action) {
        case 'approve':
          res.json(await approveNode({ ctx, input: { taskId, nodeId, comment: body.comment ?? null } }));
          return;
        case 'send_back':
          res.json(await sendBack({ ctx, input: { taskId, nodeId, comment: body.comment } }));
          return;
        case 'reject':
          res.json(
            await rejectTask({
              ctx,
              input: { taskId, nodeId, reason: body.reason, comment: body.comment ?? null },
            }),
          );
          return;
      }
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id/nodes/:nodeId/undo')
    .post(requireAuth, async (req, res) => {
      const input = { taskId: parseId(req.params.id), nodeId: parseId(req.params.nodeId) };
      res.json(await undoApproval({ ctx: contextOf(req), input }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id/resubmit')
    .post(requireAuth, async (req, res) => {
      const taskId = parseId(req.params.id);
      const body = parseBody(ZTaskFormValues, req);
      res.json(await resubmitTask({ ctx: contextOf(req), input: { taskId, body } }));
    })
    .all(methodNotAllowed);

  router
    .route('/task/tasks/:id/withdraw')
    .post(requireAuth, async (req, res) => {
      const taskId = parseId(req.params.id);
      const body = parseBody(ZWithdrawRequest, req);
      res.json(await withdrawTask({ ctx: contextOf(req), input: { taskId, comment: body.comment ?? null } }));
    })
    .all(methodNotAllowed);

  router
    .route('/attachment/:id/download')
    .get(requireAuth, async (req, res) => {
      res.json(
        await downloadAttachment({ ctx: contextOf(req), input: { attachmentId: parseId(req.params.id) } }),
      );
    })
    .all(methodNotAllowed);

  return router;
}
