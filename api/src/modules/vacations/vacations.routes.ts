import { Router, type RequestHandler } from 'express';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { NotFound } from '../../errors.ts';
import { listEmployeeVacations, myPaidLeave } from './vacations.service.ts';

function yearMonth(year: string | string[] | undefined, month: string | string[] | undefined) {
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = typeof month === 'string' && /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  if (!(y >= 1900 && m >= 1 && m <= 12)) throw new NotFound();
  return { year: y, month: m };
}

export const vacationsModule: ApiModule = {
  name: 'vacations',
  prefixes: ['/employees/', '/paid-vacation/'],
  router: vacationsRouter,
};

function vacationsRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/employees/:code/vacations/year/:year/month/:month')
    .get(requireAuth, async (req, res) => {
      const code = req.params.code;
      if (typeof code !== 'string' || code.length > 20) throw new NotFound();
      const input = { code, ...yearMonth(req.params.year, req.params.month) };
      res.json(await listEmployeeVacations({ ctx: contextOf(req), input }));
    })
    .all(methodNotAllowed);

  router
    .route('/paid-vacation/status')
    .get(requireAuth, async (req, res) => {
      res.json(await myPaidLeave({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  return router;
}
