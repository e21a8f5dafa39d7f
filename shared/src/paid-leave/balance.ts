// The paid-leave balance on a day: leave is taken from the oldest grant valid on its date first
// (a grant is valid from granted_on until the day before expires_on); half days count 0.5. Also the
// annual five-day obligation (年5日の時季指定義務, 労働基準法 第39条第7項): from every grant of 10
// days or more, the employee must take 5 days within the year that starts on its grant date.
import { addDays, addMonths } from './schedule.ts';

export interface TGrantRow {
  readonly granted_on: string;
  readonly expires_on: string;
  readonly days: number;
}

/** Paid leave taken (or approved): dated by its first day. */
export interface TLeaveUse {
  readonly date: string;
  readonly days: number;
}

export interface TGrantUse extends TGrantRow {
  readonly used_days: number;
  readonly remaining_days: number;
}

export const OBLIGATION_MIN_GRANT = 10;
export const OBLIGATION_DAYS = 5;
/** The window before expiry in which remaining days are called "expiring soon". */
export const EXPIRING_WITHIN_MONTHS = 3;

export interface TObligation {
  readonly required_days: number;
  readonly taken_days: number;
  /** The last day of the year that started on the grant date. */
  readonly deadline: string;
  /** The grant that started it. */
  readonly granted_on: string;
}

export interface TBalanceOnDay {
  /** The grants valid on the day, oldest first, with what was taken from each. */
  readonly grants: TGrantUse[];
  readonly remaining_days: number;
  /** Remaining days of grants that lapse within three months of the day. */
  readonly expiring_days: number;
  /** Leave that found no valid grant with days left (taken before any grant, or overdrawn). */
  readonly unallocated_days: number;
  readonly obligation: TObligation | null;
}

const byGrantDate = (a: TGrantRow, b: TGrantRow) =>
  a.granted_on < b.granted_on ? -1 : a.granted_on > b.granted_on ? 1 : 0;

/** What each grant gave, oldest first: every use draws on the oldest grant valid on its date. */
export function allocateLeave(
  grants: readonly TGrantRow[],
  uses: readonly TLeaveUse[],
): { grants: TGrantUse[]; unallocated_days: number } {
  const ordered = [...grants].sort(byGrantDate);
  const used = ordered.map(() => 0);
  let unallocated = 0;
  const dated = [...uses].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const use of dated) {
    let left = use.days;
    ordered.forEach((grant, i) => {
      if (left <= 0 || grant.granted_on > use.date || grant.expires_on <= use.date) return;
      const take = Math.min(left, grant.days - used[i]!);
      if (take <= 0) return;
      used[i]! += take;
      left -= take;
    });
    unallocated += left;
  }
  return {
    grants: ordered.map((grant, i) => ({
      ...grant,
      used_days: used[i]!,
      remaining_days: grant.days - used[i]!,
    })),
    unallocated_days: unallocated,
  };
}

/** The five-day obligation running on `today`: from the latest grant of 10 days or more made within the last year. */
export function obligationOn(
  grants: readonly TGrantRow[],
  uses: readonly TLeaveUse[],
  today: string,
): TObligation | null {
  const start = [...grants]
    .sort(byGrantDate)
    .filter((g) => g.days >= OBLIGATION_MIN_GRANT && g.granted_on <= today)
    .at(-1);
  if (!start) return null;
  const obligation = obligationOf(start, uses);
  return obligation && obligation.deadline >= today ? obligation : null;
}

/** The five-day obligation a grant starts (one of 10 days or more), with the days taken in its year. */
export function obligationOf(grant: TGrantRow, uses: readonly TLeaveUse[]): TObligation | null {
  if (grant.days < OBLIGATION_MIN_GRANT) return null;
  const deadline = addDays(addMonths(grant.granted_on, 12), -1);
  const taken = uses
    .filter((u) => u.date >= grant.granted_on && u.date <= deadline)
    .reduce((sum, u) => sum + u.days, 0);
  return { required_days: OBLIGATION_DAYS, taken_days: taken, deadline, granted_on: grant.granted_on };
}

/**
 * The reminders of the obligation (issue 35): 3 months and 1 month before its year ends, while fewer
 * than 5 days are taken or approved. Months before the day after the deadline.
 */
export const OBLIGATION_REMINDER_MONTHS = [3, 1] as const;
export type TObligationReminder = (typeof OBLIGATION_REMINDER_MONTHS)[number];

/**
 * The reminder due on `today` for a running obligation: the nearest threshold reached (an obligation
 * first seen 20 days before its end gets the 1-month reminder only); none once the days are taken.
 */
export function obligationReminderOn(
  obligation: TObligation | null,
  today: string,
): TObligationReminder | null {
  if (!obligation || obligation.taken_days >= obligation.required_days || today > obligation.deadline)
    return null;
  const end = addDays(obligation.deadline, 1);
  const reached = OBLIGATION_REMINDER_MONTHS.filter((m) => today >= addMonths(end, -m));
  return reached.length ? (Math.min(...reached) as TObligationReminder) : null;
}

/** Calendar days from `today` to the deadline, the deadline counted (the deadline itself: 1). */
export function daysLeftOf(obligation: TObligation, today: string): number {
  const day = 24 * 60 * 60 * 1000;
  return (
    Math.round((Date.parse(`${obligation.deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / day) + 1
  );
}

/**
 * How long is left, as a reminder says it: its threshold ('3か月') on the threshold's day, else the days
 * left, the deadline counted ('21日'). A reminder first sent late (the portal was down, or a company's
 * first start on its data) must not tell someone on the last day that a month is left.
 */
export function reminderTimeLeft(
  obligation: TObligation,
  months: TObligationReminder,
  today: string,
): string {
  const due = addMonths(addDays(obligation.deadline, 1), -months);
  return today === due ? `${months}か月` : `${daysLeftOf(obligation, today)}日`;
}

/** The balance on `today`: the grants valid then with their use, the total left and the obligation. */
export function balanceOn(
  grants: readonly TGrantRow[],
  uses: readonly TLeaveUse[],
  today: string,
): TBalanceOnDay {
  const allocated = allocateLeave(grants, uses);
  const valid = allocated.grants.filter((g) => g.granted_on <= today && g.expires_on > today);
  const soon = addMonths(today, EXPIRING_WITHIN_MONTHS);
  return {
    grants: valid,
    remaining_days: valid.reduce((sum, g) => sum + g.remaining_days, 0),
    expiring_days: valid.filter((g) => g.expires_on <= soon).reduce((sum, g) => sum + g.remaining_days, 0),
    unallocated_days: allocated.unallocated_days,
    obligation: obligationOn(grants, uses, today),
  };
}
