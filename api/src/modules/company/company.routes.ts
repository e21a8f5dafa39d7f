import { Router, type RequestHandler } from 'express';
import {
  ZCalendarFileUpload,
  ZCompanyCalendarPatch,
  ZCompanyCalendarUpdate,
} from '@portal/shared/contracts/calendar';
import { PERM } from '@portal/shared/permissions';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody, parseId } from '../../middleware/validate.ts';
import { requirePerm } from '../../permissions.ts';
import {
  addCalendarFile,
  deleteCalendarFile,
  getCompanyCalendar,
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
      const ctx = contextOf(req);
      // The permission first: a caller without it gets 403 whatever they send.
      await requirePerm(ctx, PERM.changeCompanyCalendar);
      res.json(await updateCompanyCalendar({ ctx, input: parseBody(ZCompanyCalendarUpdate, req) }));
    })
    .patch(requireAuth, async (req, res) => {
      const ctx = contextOf(req);
      await requirePerm(ctx, PERM.changeCompanyCalendar);
      const changes = parseBody(ZCompanyCalendarPatch, req);
      const { settings } = await getCompanyCalendar({ ctx });
      res.json(await updateCompanyCalendar({ ctx, input: { ...settings, ...changes } }));
    })
    .all(methodNotAllowed);

  router
    .route('/master/company/calendar/files')
    .post(requireAuth, async (req, res) => {
      const ctx = contextOf(req);
      await requirePerm(ctx, PERM.changeCompanyCalendar);
      res.status(201).json(await addCalendarFile({ ctx, input: parseBody(ZCalendarFileUpload, req) }));
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
