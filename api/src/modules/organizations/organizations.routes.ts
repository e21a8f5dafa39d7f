import { Router, type RequestHandler } from 'express';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { listOrganizations } from './organizations.service.ts';

export const organizationsModule: ApiModule = {
  name: 'organizations',
  prefixes: ['/organizations'],
  router: organizationsRouter,
};

function organizationsRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();
  router
    .route('/organizations')
    .get(requireAuth, async (req, res) => {
      res.json(await listOrganizations({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);
  return router;
}
