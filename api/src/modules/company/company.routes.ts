import { Router, type RequestHandler } from 'express';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseId } from '../../middleware/validate.ts';
import {
  addCalendarFile,
  deleteCalendarFile,
  getCompanyCalendar,
  patchCompanyCalendar,
  updateCompanyCalendar,
} from './company-calendar.service.ts';
import { getCompanyInfo } from './company.service.ts';

export const companyModule: ApiModule = {
  name: 'company',
  prefixes: ['/master/company/'],
  router: companyRouter,
};

function companyRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();
  // Spec §7.9 writes these without a trailing slash; Express answers both forms.
  router
    .route('/master/company/info')
    .get(requireAuth, async (req, res) => {
      res.json(await getCompanyInfo({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/master/company/calendar')
    .get(requireAuth, async (req, res) => {
      res.json(await getCompanyCalendar({ ctx: contextOf(req) }));
    })
    .put(requireAuth, async (req, res) => {
      res.json(await updateCompanyCalendar({ ctx: contextOf(req), input: { body: req.body } }));
    })
    .patch(requireAuth, async (req, res) => {
      res.json(await patchCompanyCalendar({ ctx: contextOf(req), input: { body: req.body } }));
    })
    .all(methodNotAllowed);

  router
    .route('/master/company/calendar/files')
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await addCalendarFile({ ctx: contextOf(req), input: { body: req.body } }));
    })
    .all(methodNotAllowed);

  router
    .route('/master/company/calendar/files/:id')
    .delete(requireAuth, async (req, res) => {
      await deleteCalendarFile({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);
  return router;
}
