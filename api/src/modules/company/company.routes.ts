import { ZCalendarFile, ZCompanyCalendar } from '@portal/shared/contracts/calendar';
import { ZCompanyInfo } from '@portal/shared/contracts/company';
import { company } from '@portal/shared/endpoints/company';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import {
  addCalendarFile,
  deleteCalendarFile,
  getCompanyCalendar,
  patchCompanyCalendar,
  updateCompanyCalendar,
} from './company-calendar.service.ts';
import { getCompanyInfo } from './company.service.ts';

// Spec §7.9 writes these without a trailing slash; Express answers both forms. The calendar's
// service parses the bodies itself, after the permission the table declares.
export const companyModule = moduleOf('company', company, (deps) => {
  const on = endpointRouter(deps);
  route(on, company.info, { answer: ZCompanyInfo }, ({ ctx }) => getCompanyInfo({ ctx }));
  route(on, company.calendar, { answer: ZCompanyCalendar }, ({ ctx }) => getCompanyCalendar({ ctx }));
  route(on, company.replaceCalendar, { answer: ZCompanyCalendar }, ({ ctx, body }) =>
    updateCompanyCalendar({ ctx, input: { body } }),
  );
  route(on, company.patchCalendar, { answer: ZCompanyCalendar }, ({ ctx, body }) =>
    patchCompanyCalendar({ ctx, input: { body } }),
  );
  route(on, company.addCalendarFile, { status: 201, answer: ZCalendarFile }, ({ ctx, body }) =>
    addCalendarFile({ ctx, input: { body } }),
  );
  route(on, company.deleteCalendarFile, { status: 204 }, ({ ctx, params }) =>
    deleteCalendarFile({ ctx, input: params }),
  );
  return on.router;
});
