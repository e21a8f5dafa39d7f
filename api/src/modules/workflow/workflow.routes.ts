import { Router, type RequestHandler } from 'express';
import { ZNodeChoiceQuery, ZNodeListQuery, ZWorkflowListQuery } from '@portal/shared/contracts/workflows';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseId, parseQuery } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import * as service from './workflow.service.ts';

export const workflowModule: ApiModule = {
  name: 'workflow',
  prefixes: ['/workflow/'],
  router: workflowRouter,
};

function workflowRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/workflow/workflows')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZWorkflowListQuery, req);
      const page = await service.listWorkflows({ ctx: contextOf(req), input });
      res.json(pageEnvelope(req, { number: input.page, filters: { query: input.query }, ...page }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await service.createWorkflow({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);

  router
    .route('/workflow/workflows/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await service.getWorkflow({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .put(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await service.replaceWorkflow({ ctx: contextOf(req), input: { id, body: req.body } }));
    })
    .patch(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await service.patchWorkflow({ ctx: contextOf(req), input: { id, body: req.body } }));
    })
    .delete(requireAuth, async (req, res) => {
      await service.deleteWorkflow({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);

  router
    .route('/workflow/workflows/:id/nodes')
    .get(requireAuth, async (req, res) => {
      res.json(
        await service.listWorkflowNodes({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }),
      );
    })
    .all(methodNotAllowed);

  router
    .route('/workflow/nodes')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZNodeListQuery, req);
      const page = await service.listNodes({ ctx: contextOf(req), input });
      const filters = { workflow: input.workflow === undefined ? undefined : String(input.workflow) };
      res.json(pageEnvelope(req, { number: input.page, filters, ...page }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await service.createNode({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);

  // Before /workflow/nodes/:id, so "choice" is never taken for an id.
  router
    .route('/workflow/nodes/choice')
    .get(requireAuth, async (req, res) => {
      res.json(await service.nodeChoices({ ctx: contextOf(req), input: parseQuery(ZNodeChoiceQuery, req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/workflow/nodes/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await service.getNode({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .put(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await service.replaceNode({ ctx: contextOf(req), input: { id, body: req.body } }));
    })
    .delete(requireAuth, async (req, res) => {
      await service.deleteNode({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);

  router
    .route('/workflow/forms/choice')
    .get(requireAuth, async (req, res) => {
      res.json(await service.formChoices({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  return router;
}
