// The vacations module's endpoints (api/src/modules/vacations/). Types still to be named: see docs/structure.md.
import { endpoint, io } from './endpoint.ts';

export const vacations = {
  getEmployeesVacationsYearMonthOne: endpoint(
    'get',
    '/api/employees/:code/vacations/year/:year/month/:month/',
    io<{ answer: unknown }>(),
  ),
  getVacations: endpoint('get', '/api/vacations/', io<{ answer: unknown }>()),
  getVacationsYearOne: endpoint('get', '/api/vacations/year/:year/', io<{ answer: unknown }>()),
  getVacationsYearMonthOne: endpoint(
    'get',
    '/api/vacations/year/:year/month/:month/',
    io<{ answer: unknown }>(),
  ),
  getPaidVacationStatus: endpoint('get', '/api/paid-vacation/status/', io<{ answer: unknown }>()),
  getPaidVacationEndDate: endpoint('get', '/api/paid-vacation/end-date/', io<{ answer: unknown }>()),
} as const;
