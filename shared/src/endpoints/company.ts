// The company module's endpoints (api/src/modules/company/): its name and its calendar (spec §7.9).
import type {
  TCalendarFile,
  TCalendarFileUpload,
  TCompanyCalendar,
  TCompanyCalendarPatch,
  TCompanyCalendarUpdate,
} from '../contracts/calendar.ts';
import type { TCompanyInfo } from '../contracts/company.ts';
import { PERM } from '../permissions.ts';
import { endpoint, io } from './endpoint.ts';

const changeCalendar = { permission: PERM.changeCompanyCalendar } as const;

export const company = {
  info: endpoint('get', '/api/master/company/info/', io<{ answer: TCompanyInfo }>()),
  calendar: endpoint('get', '/api/master/company/calendar/', io<{ answer: TCompanyCalendar }>()),
  replaceCalendar: endpoint(
    'put',
    '/api/master/company/calendar/',
    io<{ body: TCompanyCalendarUpdate; answer: TCompanyCalendar }>(),
    changeCalendar,
  ),
  patchCalendar: endpoint(
    'patch',
    '/api/master/company/calendar/',
    io<{ body: TCompanyCalendarPatch; answer: TCompanyCalendar }>(),
    changeCalendar,
  ),
  addCalendarFile: endpoint(
    'post',
    '/api/master/company/calendar/files/',
    io<{ body: TCalendarFileUpload; answer: TCalendarFile }>(),
    changeCalendar,
  ),
  deleteCalendarFile: endpoint(
    'delete',
    '/api/master/company/calendar/files/:id/',
    io<{ answer: void }>(),
    changeCalendar,
  ),
} as const;
