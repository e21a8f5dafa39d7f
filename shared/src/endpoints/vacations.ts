// The vacations module's endpoints (api/src/modules/vacations/): leave taken and paid leave left.
import type { TPaidLeaveEndDate, TPaidLeaveStatus, TVacation } from '../contracts/vacations.ts';
import type { TObligationAtRisk, TPaidLeaveRegisterQuery, TPaidLeaveYear } from '../contracts/vacations.ts';
import { PERM } from '../permissions.ts';
import { endpoint, io, type FileAnswer } from './endpoint.ts';

/** Whose leave: the caller's own unless a permitted viewer names an employee. */
interface LeaveOwnerQuery {
  employee?: number;
}

export const vacations = {
  employeeMonth: endpoint(
    'get',
    '/api/employees/:code/vacations/year/:year/month/:month/',
    io<{ answer: TVacation[] }>(),
  ),
  mine: endpoint('get', '/api/vacations/', io<{ query: LeaveOwnerQuery; answer: TVacation[] }>()),
  mineInYear: endpoint(
    'get',
    '/api/vacations/year/:year/',
    io<{ query: LeaveOwnerQuery; answer: TVacation[] }>(),
  ),
  mineInMonth: endpoint(
    'get',
    '/api/vacations/year/:year/month/:month/',
    io<{ query: LeaveOwnerQuery; answer: TVacation[] }>(),
  ),
  paidLeaveStatus: endpoint(
    'get',
    '/api/paid-vacation/status/',
    io<{ query: LeaveOwnerQuery; answer: TPaidLeaveStatus }>(),
  ),
  paidLeaveEndDate: endpoint(
    'get',
    '/api/paid-vacation/end-date/',
    io<{ query: LeaveOwnerQuery; answer: TPaidLeaveEndDate }>(),
  ),
  register: endpoint(
    'get',
    '/api/paid-vacation/register/',
    io<{ query: TPaidLeaveRegisterQuery; answer: FileAnswer }>(),
    { permission: PERM.viewEmployee },
  ),
  /** One employee's register for `?year=` as PDF. */
  registerPdf: endpoint(
    'get',
    '/api/paid-vacation/register/employees/:id/pdf/',
    io<{ query: { year: number }; answer: FileAnswer }>(),
    { permission: PERM.viewEmployee },
  ),
  /** One employee's 年次有給休暇管理簿 of a year with the grant job's judgements (own, or `?employee=`). */
  paidLeaveYear: endpoint(
    'get',
    '/api/paid-vacation/year/:year/',
    io<{ query: LeaveOwnerQuery; answer: TPaidLeaveYear }>(),
  ),
  /** The caller's own register of a year as .xlsx (the HR workbook's layout, one person). */
  myRegister: endpoint('get', '/api/paid-vacation/year/:year/register/', io<{ answer: FileAnswer }>()),
  /** The caller's own register of a year as PDF (the HR PDF). */
  myRegisterPdf: endpoint('get', '/api/paid-vacation/year/:year/register/pdf/', io<{ answer: FileAnswer }>()),
  /** Who is short of the five-day obligation, fewest days left first (HR). */
  obligationAtRisk: endpoint(
    'get',
    '/api/paid-vacation/obligation/at-risk/',
    io<{ answer: TObligationAtRisk[] }>(),
    { permission: PERM.viewEmployee },
  ),
} as const;
