// GET /api/task/business-days/{year}/{month}/ (spec §7.4): the month's 所定労働日 as 'YYYY-MM-DD',
// from Japan's national holidays and the company calendar.
import { Router, type RequestHandler } from 'express';
import { businessDays } from '@portal/shared/calendar/business-days';
import type { ApiModule } from '../../api-module.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { parseYearMonth } from './year-month.ts';
import { loadMonthCalendarSettings } from './calendar.repository.ts';

export const calendarModule: ApiModule = {
  name: 'calendar',
  prefixes: ['/task/business-days/'],
  router: calendarRouter,
};

function calendarRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();
  router
    .route('/task/business-days/:year/:month')
    .get(requireAuth, async (req, res) => {
      const { year, month } = parseYearMonth(req.params.year, req.params.month);
      const settings = await loadMonthCalendarSettings(contextOf(req).db, year, month);
      res.json(businessDays(year, month, settings));
    })
    .all(methodNotAllowed);
  return router;
}
