// The attendance module's endpoints (api/src/modules/attendance/): my month, the reports and their
// corrections, the employee list, and the exports. A report is submitted through tasks.submit.
import type { TAttachmentDownload } from '../contracts/attachments.ts';
import type {
  TAttendanceCorrectionInput,
  TAttendanceDetails,
  TAttendanceDraftInput,
  TAttendanceEmployeeListItem,
  TAttendanceEmployeeListQuery,
  TAttendanceMonth,
  TAttendanceReport,
} from '../contracts/attendance.ts';
import type { TPage } from '../contracts/pagination.ts';
import { PERM } from '../permissions.ts';
import { endpoint, io, type FileAnswer } from './endpoint.ts';

/** The page is optional on the wire (1 when left out). */
type EmployeeListQuery = Omit<TAttendanceEmployeeListQuery, 'page'> & { page?: number };

export const attendance = {
  month: endpoint('get', '/api/attendance/year/:year/month/:month/', io<{ answer: TAttendanceMonth }>()),
  saveDraft: endpoint(
    'put',
    '/api/attendance/year/:year/month/:month/',
    io<{ body: TAttendanceDraftInput; answer: TAttendanceMonth }>(),
  ),
  // No declared permission: the service checks employee.view_attendance(_org_only) after the query
  // is parsed, and a bad query answers 400 to anyone (attendance-http-errors.test.ts).
  employees: endpoint(
    'get',
    '/api/attendance/employees/',
    io<{ query: EmployeeListQuery; answer: TPage<TAttendanceEmployeeListItem> }>(),
  ),
  details: endpoint(
    'get',
    '/api/attendance/tasks/details/:id/',
    io<{ query: { version?: number }; answer: TAttendanceDetails }>(),
  ),
  timesheet: endpoint(
    'get',
    '/api/attendance/tasks/details/:id/file/',
    io<{ answer: TAttachmentDownload }>(),
  ),
  // The permission to correct is checked after the report is found visible (404 before 403).
  correction: endpoint(
    'get',
    '/api/attendance/tasks/modify-details/:id/',
    io<{ answer: TAttendanceDetails }>(),
  ),
  correct: endpoint(
    'put',
    '/api/attendance/tasks/modify-details/:id/',
    io<{ body: TAttendanceCorrectionInput; answer: TAttendanceDetails }>(),
  ),
  monthXlsx: endpoint('get', '/api/attendance/download/:year/:month/', io<{ answer: FileAnswer }>()),
  monthPdf: endpoint('get', '/api/attendance/pdf/:year/:month/', io<{ answer: FileAnswer }>()),
  reportPdf: endpoint('get', '/api/attendance/tasks/pdf/:id/', io<{ answer: FileAnswer }>()),
  payrollXlsx: endpoint(
    'get',
    '/api/expense/attendance/year/:year/month/:month/',
    io<{ answer: FileAnswer }>(),
    { permission: PERM.viewExpenseAttendance },
  ),
  report: endpoint('get', '/api/attendance/:id/', io<{ answer: TAttendanceReport }>()),
} as const;
