// The attendance module's endpoints (api/src/modules/attendance/). Types still to be named: see docs/structure.md.
import { endpoint, io } from './endpoint.ts';

export const attendance = {
  getAttendanceYearMonthOne: endpoint(
    'get',
    '/api/attendance/year/:year/month/:month/',
    io<{ answer: unknown }>(),
  ),
  putAttendanceYearMonthOne: endpoint(
    'put',
    '/api/attendance/year/:year/month/:month/',
    io<{ answer: unknown }>(),
  ),
  getAttendanceEmployees: endpoint('get', '/api/attendance/employees/', io<{ answer: unknown }>()),
  getAttendanceTasksDetailsOne: endpoint(
    'get',
    '/api/attendance/tasks/details/:id/',
    io<{ answer: unknown }>(),
  ),
  getAttendanceTasksDetailsFile: endpoint(
    'get',
    '/api/attendance/tasks/details/:id/file/',
    io<{ answer: unknown }>(),
  ),
  getAttendanceTasksModifyDetailsOne: endpoint(
    'get',
    '/api/attendance/tasks/modify-details/:id/',
    io<{ answer: unknown }>(),
  ),
  putAttendanceTasksModifyDetailsOne: endpoint(
    'put',
    '/api/attendance/tasks/modify-details/:id/',
    io<{ answer: unknown }>(),
  ),
  getAttendanceDownloadOne: endpoint(
    'get',
    '/api/attendance/download/:year/:month/',
    io<{ answer: unknown }>(),
  ),
  getAttendancePdfOne: endpoint('get', '/api/attendance/pdf/:year/:month/', io<{ answer: unknown }>()),
  getAttendanceTasksPdfOne: endpoint('get', '/api/attendance/tasks/pdf/:id/', io<{ answer: unknown }>()),
  getExpenseAttendanceYearMonthOne: endpoint(
    'get',
    '/api/expense/attendance/year/:year/month/:month/',
    io<{ answer: unknown }>(),
  ),
  getAttendanceOne: endpoint('get', '/api/attendance/:id/', io<{ answer: unknown }>()),
} as const;
