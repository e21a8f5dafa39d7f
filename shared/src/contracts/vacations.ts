// Leave history (spec §3.6, §7.6 employees/{code}/vacations/…) as written by approved vacation requests.
import { z } from 'zod';

export const ZVacation = z.object({
  id: z.number().int(),
  category: z.string(),
  category_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.number(),
  is_start_half: z.boolean(),
  is_end_half: z.boolean(),
  /** The approved request that entered it. */
  task_id: z.number().int().nullable(),
  /**
   * Paid leave across a grant date (基準日): its parts cut there, each drawing on the grants valid on
   * its own dates (issue 35); absent when the leave is whole.
   */
  parts: z.array(z.object({ start_date: z.string(), end_date: z.string(), days: z.number() })).optional(),
});
export type TVacation = z.infer<typeof ZVacation>;

/** Paid leave in days: granted and still valid, taken, requested and awaiting approval, left to request. */
export const ZPaidLeaveBalance = z.object({
  granted: z.number(),
  used: z.number(),
  pending: z.number(),
  remaining: z.number(),
});
export type TPaidLeaveBalance = z.infer<typeof ZPaidLeaveBalance>;

export const ZPaidLeaveGrant = z.object({
  granted_on: z.string(),
  /** The day the grant lapses (valid until the day before). */
  expires_on: z.string(),
  days: z.number(),
  used_days: z.number(),
  remaining_days: z.number(),
});
export type TPaidLeaveGrant = z.infer<typeof ZPaidLeaveGrant>;

/**
 * GET paid-vacation/status/ (issue 13's pinned shape, plus the balance fields above): the valid
 * grants oldest first, the days left, those lapsing within 3 months, the next statutory grant and
 * the running five-day obligation.
 */
export const ZPaidLeaveStatus = ZPaidLeaveBalance.extend({
  remaining_days: z.number(),
  expiring_days: z.number(),
  grants: z.array(ZPaidLeaveGrant),
  next_grant: z.object({ date: z.string(), days: z.number() }).nullable(),
  obligation: z
    .object({
      required_days: z.number(),
      taken_days: z.number(),
      deadline: z.string(),
      granted_on: z.string(),
    })
    .nullable(),
});
export type TPaidLeaveStatus = z.infer<typeof ZPaidLeaveStatus>;

/** GET paid-vacation/end-date/: the next day on which unused paid leave lapses, and how much. */
export const ZPaidLeaveEndDate = z.object({ end_date: z.string().nullable(), days: z.number() });
export type TPaidLeaveEndDate = z.infer<typeof ZPaidLeaveEndDate>;

/** `?employee=` (an employee id) for those who may see another employee's leave. */
export const ZLeaveOwnerQuery = z.object({
  employee: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/**
 * GET /api/paid-vacation/register/?year=&organization= — the 年次有給休暇管理簿 (労基則 第24条の7) of an
 * organisation's members for a calendar year, as .xlsx (HR: employee.view_employee).
 */
export const ZPaidLeaveRegisterQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  organization: z.coerce.number().int().min(1),
});
export type TPaidLeaveRegisterQuery = z.infer<typeof ZPaidLeaveRegisterQuery>;
export const PAID_LEAVE_REGISTER_XLSX_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/paid-vacation/obligation/at-risk/ (HR: employee.view_employee) — everyone whose five-day
 * obligation (労働基準法 第39条第7項) is running with fewer than 5 days taken or approved: the days taken,
 * the days left to the end of the obligation year (its last day counted) and their head; fewest days
 * left first.
 */
export const ZObligationAtRisk = z.object({
  employee_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  organization: z.string().nullable(),
  /** The head of their organisation (the head above when they head it); null without one. */
  head: z.string().nullable(),
  granted_on: z.string(),
  deadline: z.string(),
  required_days: z.number(),
  taken_days: z.number(),
  days_left: z.number().int(),
  /** Paid leave still to take on the day. */
  remaining_days: z.number(),
});
export type TObligationAtRisk = z.infer<typeof ZObligationAtRisk>;

/**
 * The grant job's judgement of one 基準日 (issue 35, paid_leave_grant_decisions): the period, its
 * 全労働日 and days worked, the 出勤率 and why a grant was made or not, in the words shown to HR and to
 * the employee.
 */
export const ZGrantDecision = z.object({
  /** 基準日. */
  granted_on: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  work_days: z.number().int(),
  worked_days: z.number().int(),
  left_out_days: z.number().int(),
  /** Percent rounded down to 0.1; null without 全労働日. */
  ratio: z.number().nullable(),
  granted: z.boolean(),
  days: z.number(),
  reason: z.string(),
});
export type TGrantDecision = z.infer<typeof ZGrantDecision>;

/**
 * GET /api/paid-vacation/year/{year}/ — one employee's 年次有給休暇管理簿 of a calendar year (their own, or
 * `?employee=` for those who may see them): each grant of the year (or the one running into it) with
 * what is left of it and the five-day obligation it started, the leave taken in the year with its
 * dates (cut at a 基準日), and the grant job's judgement of each 基準日 in the year.
 */
export const ZPaidLeaveYear = z.object({
  year: z.number().int(),
  code: z.string(),
  name: z.string(),
  grants: z.array(
    ZPaidLeaveGrant.extend({
      obligation: z
        .object({ required_days: z.number(), taken_days: z.number(), deadline: z.string() })
        .nullable(),
    }),
  ),
  taken_days: z.number(),
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD〜YYYY-MM-DD', half days marked, as in the register. */
  dates: z.array(z.string()),
  decisions: z.array(ZGrantDecision),
});
export type TPaidLeaveYear = z.infer<typeof ZPaidLeaveYear>;
