import { Router, type RequestHandler } from 'express';
import { ZLeaveOwnerQuery } from '@portal/shared/contracts/vacations';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseQuery } from '../../middleware/validate.ts';
import { NotFound } from '../../errors.ts';
import { listEmployeeVacations, myPaidLeave, myPaidLeaveEndDate, myVacations } from './vacations.service.ts';

function yearMonth(year: string | string[] | undefined, month: string | string[] | undefined) {
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = typeof month === 'string' && /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  if (!(y >= 1900 && m >= 1 && m <= 12)) throw new NotFound();
  return { year: y, month: m };
}

/** A year in the path names nothing unless it has four digits (1900 on): 404 like a bad id. */
function yearOf(year: string | string[] | undefined): number {
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : NaN;
  if (!(y >= 1900)) throw new NotFound();
  return y;
}

export const vacationsModule: ApiModule = {
  name: 'vacations',
  prefixes: ['/employees/', '/paid-vacation/', '/vacations/'],
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
    .route('/vacations')
    .get(requireAuth, async (req, res) => {
      const { employee } = parseQuery(ZLeaveOwnerQuery, req);
      res.json(await myVacations({ ctx: contextOf(req), input: { employee } }));
    })
    .all(methodNotAllowed);

  router
    .route('/vacations/year/:year')
    .get(requireAuth, async (req, res) => {
      const year = yearOf(req.params.year);
      const { employee } = parseQuery(ZLeaveOwnerQuery, req);
      res.json(await myVacations({ ctx: contextOf(req), input: { employee, year } }));
    })
    .all(methodNotAllowed);

  router
    .route('/vacations/year/:year/month/:month')
    .get(requireAuth, async (req, res) => {
      const { year, month } = yearMonth(req.params.year, req.params.month);
      const { employee } = parseQuery(ZLeaveOwnerQuery, req);
      res.json(await myVacations({ ctx: contextOf(req), input: { employee, year, month } }));
    })
    .all(methodNotAllowed);

  router
    .route('/paid-vacation/status')
    .get(requireAuth, async (req, res) => {
      const { employee } = parseQuery(ZLeaveOwnerQuery, req);
      res.json(await myPaidLeave({ ctx: contextOf(req), input: { employee } }));
    })
    .all(methodNotAllowed);

  router
    .route('/paid-vacation/end-date')
    .get(requireAuth, async (req, res) => {
      const { employee } = parseQuery(ZLeaveOwnerQuery, req);
      res.json(await myPaidLeaveEndDate({ ctx: contextOf(req), input: { employee } }));
    })
    .all(methodNotAllowed);

  return router;
}
