import { Router, type RequestHandler } from 'express';
import { ZChoiceQuery } from '@portal/shared/contracts/choices';
import { ZProxyListQuery } from '@portal/shared/contracts/proxies';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseId, parseQuery } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import { approverChoices } from './approver-choices.ts';
import { createProxy, deleteProxy, getProxy, listProxies, replaceProxy } from './proxies.service.ts';

export const proxiesModule: ApiModule = {
  name: 'proxies',
  prefixes: ['/account/proxies', '/approvers/'],
  router: proxiesRouter,
};

function proxiesRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/account/proxies')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZProxyListQuery, req);
      const page = await listProxies({ ctx: contextOf(req), input });
      res.json(pageEnvelope(req, { number: input.page, filters: {}, ...page }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await createProxy({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/proxies/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await getProxy({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .put(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await replaceProxy({ ctx: contextOf(req), input: { id, body: req.body } }));
    })
    .delete(requireAuth, async (req, res) => {
      await deleteProxy({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);

  router
    .route('/approvers/choice')
    .get(requireAuth, async (req, res) => {
      res.json(await approverChoices({ ctx: contextOf(req), input: parseQuery(ZChoiceQuery, req) }));
    })
    .all(methodNotAllowed);

  return router;
}
