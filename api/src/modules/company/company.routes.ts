import { Router, type RequestHandler } from 'express';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { getCompanyInfo } from './company.service.ts';

export function companyRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();
  // Spec §7.9 writes this one without a trailing slash; Express answers both forms.
  router
    .route('/master/company/info')
    .get(requireAuth, async (req, res) => {
      res.json(await getCompanyInfo({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);
  return router;
}
