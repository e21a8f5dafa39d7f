// GET /api/task/business-days/{year}/{month}/ (spec §7.4): the month's 所定労働日 as 'YYYY-MM-DD',
// from Japan's national holidays and the company calendar.
import { businessDays } from '@portal/shared/calendar/business-days';
import { ZBusinessDays } from '@portal/shared/contracts/calendar';
import { calendar } from '@portal/shared/endpoints/calendar';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { parseYearMonth } from './year-month.ts';
import { loadMonthCalendarSettings } from './calendar.repository.ts';

export const calendarModule = moduleOf('calendar', calendar, (deps) => {
  const on = endpointRouter(deps);
  const params = ({ year, month }: { year: string; month: string }) => parseYearMonth(year, month);
  route(
    on,
    calendar.businessDays,
    { params, answer: ZBusinessDays },
    async ({ ctx, params: { year, month } }) =>
      businessDays(year, month, await loadMonthCalendarSettings(ctx.db, year, month)),
  );
  return on.router;
});
