// The 80 % condition of 労働基準法 第39条第1項・第2項: a grant is due only when the employee worked at
// least 80 % of the 全労働日 (所定労働日) of its period: from joining to the first 基準日, then from
// one 基準日 to the day before the next. Each kind of day counts as worked, is left out of 全労働日, or
// counts as a working day not worked; DAY_KIND_RULES says which and why (docs/attendance-rules.md).
import type { ATTENDANCE_DAY_TYPES, CodeOf } from '../codes.ts';
import { addDays, addMonths, FIRST_GRANT_MONTHS, scheduledGrant, type TScheduledGrant } from './schedule.ts';

export type TDayCount = 'worked' | 'left_out' | 'not_worked';

/** Statutory leaves and closures that have no attendance code of their own. */
export type TStatutoryDayKind =
  | 'maternity'
  | 'childcare'
  | 'family_care'
  | 'work_injury'
  | 'company_closure'
  | 'force_majeure'
  | 'strike'
  | 'special_leave'
  | 'unpaid_absence';

/** A day's kind: an attendance type code (spec §4.4), or a statutory leave or closure. */
export type TDayKind = CodeOf<typeof ATTENDANCE_DAY_TYPES> | TStatutoryDayKind;

export interface TDayRule {
  readonly label: string;
  readonly count: TDayCount;
  /** The legal ground, with its article or circular. */
  readonly reason: string;
}

const WORKED = '出勤した日（第39条第1項）';
const HOLIDAY_WORK = '休日労働をした日は全労働日に含めない（昭33.2.13 基発第90号）';

/** Every kind of day and how the 80 % condition counts it. */
export const DAY_KIND_RULES: Readonly<Record<TDayKind, TDayRule>> = {
  '01': { label: '出勤', count: 'worked', reason: WORKED },
  '02': {
    label: '欠勤',
    count: 'not_worked',
    reason: '労働日に労働しなかった日：全労働日に含め、出勤しなかった日とする（第39条第1項）',
  },
  '03': {
    label: '有給',
    count: 'worked',
    reason: '年次有給休暇を取得した日は出勤したものとみなす（昭22.9.13 発基第17号）',
  },
  '04': {
    label: '代休',
    count: 'left_out',
    reason: '休日労働の代わりに労働義務を免除した日は全労働日に含めない（平25.7.10 基発0710第3号）',
  },
  '05': { label: '休日出勤', count: 'left_out', reason: HOLIDAY_WORK },
  '06': { label: '在宅ワーク', count: 'worked', reason: `${WORKED}。在宅勤務も労働日の労働` },
  '07': {
    label: '定休',
    count: 'left_out',
    reason: '所定休日は労働義務のない日であり全労働日に含めない（第39条第1項、昭63.3.14 基発第150号）',
  },
  '08': { label: '遅刻', count: 'worked', reason: `${WORKED}。遅刻しても出勤日` },
  '09': { label: '早退', count: 'worked', reason: `${WORKED}。早退しても出勤日` },
  '10': {
    label: '休日',
    count: 'left_out',
    reason: '休日は労働義務のない日であり全労働日に含めない（第35条、昭63.3.14 基発第150号）',
  },
  '11': {
    label: '振替',
    count: 'left_out',
    reason: '振替休日は休日となった日であり全労働日に含めない（昭63.3.14 基発第150号）',
  },
  '12': { label: '休出・在宅', count: 'left_out', reason: HOLIDAY_WORK },
  '13': { label: '休出・遅刻', count: 'left_out', reason: HOLIDAY_WORK },
  '14': { label: '休出・早退', count: 'left_out', reason: HOLIDAY_WORK },
  maternity: {
    label: '産前産後休業',
    count: 'worked',
    reason: '第65条の産前産後休業の期間は出勤したものとみなす（第39条第10項）',
  },
  childcare: {
    label: '育児休業',
    count: 'worked',
    reason: '育児・介護休業法の育児休業の期間は出勤したものとみなす（第39条第10項）',
  },
  family_care: {
    label: '介護休業',
    count: 'worked',
    reason: '育児・介護休業法の介護休業の期間は出勤したものとみなす（第39条第10項）',
  },
  work_injury: {
    label: '業務上の負傷・疾病による休業',
    count: 'worked',
    reason: '業務上の負傷・疾病による療養のための休業期間は出勤したものとみなす（第39条第10項）',
  },
  company_closure: {
    label: '会社都合の休業',
    count: 'left_out',
    reason: '使用者の責に帰すべき事由による休業日は全労働日に含めない（平25.7.10 基発0710第3号）',
  },
  force_majeure: {
    label: '不可抗力による休業',
    count: 'left_out',
    reason: '不可抗力による休業日は全労働日に含めない（平25.7.10 基発0710第3号）',
  },
  strike: {
    label: '正当な争議行為',
    count: 'left_out',
    reason:
      '正当な同盟罷業その他争議行為により労務の提供がなかった日は全労働日に含めない（平25.7.10 基発0710第3号）',
  },
  special_leave: {
    label: '特別休暇・慶弔休暇',
    count: 'worked',
    reason: '就業規則で出勤扱いとする会社の休暇（法定外。会社の定めによる）',
  },
  unpaid_absence: {
    label: '欠勤（無給）',
    count: 'not_worked',
    reason: '労働日に労働しなかった日（第39条第1項）',
  },
};

/** The attendance rate a grant is judged on: worked ÷ 全労働日 over its period. */
export interface TAttendanceRate {
  /** First day of the period. */
  readonly from: string;
  /** Last day of the period (the day before the 基準日). */
  readonly to: string;
  /** 全労働日: 所定労働日 less the days left out. */
  readonly work_days: number;
  readonly worked_days: number;
  /** 所定労働日 with no record: counted as worked, since an absence must be recorded as one. */
  readonly unrecorded_days: number;
  readonly left_out_days: number;
  /** worked ÷ 全労働日, rounded down to 0.1 %; null when there was no 全労働日. */
  readonly ratio: number | null;
  /** At least 80 % (exactly 80 % qualifies); a period without 全労働日 qualifies. */
  readonly qualifies: boolean;
}

/** The 80 %: worked × 5 ≥ 全労働日 × 4, in integers so that exactly 80 % never fails on rounding. */
export const REQUIRED_NUMERATOR = 4;
export const REQUIRED_DENOMINATOR = 5;

export interface TRateInput {
  readonly from: string;
  /** Inclusive. */
  readonly to: string;
  /** Whether the date is a 所定労働日 of the company calendar. */
  readonly isWorkDay: (date: string) => boolean;
  /** The recorded kind of the date, if any. */
  readonly kindOf: (date: string) => TDayKind | undefined;
}

/** The rate over [from, to]: only 所定労働日 of the calendar can be 全労働日. */
export function attendanceRate(input: TRateInput): TAttendanceRate {
  let work = 0;
  let worked = 0;
  let unrecorded = 0;
  let leftOut = 0;
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    if (!input.isWorkDay(date)) continue;
    const kind = input.kindOf(date);
    const count = kind === undefined ? 'worked' : DAY_KIND_RULES[kind].count;
    if (count === 'left_out') {
      leftOut += 1;
      continue;
    }
    work += 1;
    if (count === 'worked') worked += 1;
    if (kind === undefined) unrecorded += 1;
  }
  return {
    from: input.from,
    to: input.to,
    work_days: work,
    worked_days: worked,
    unrecorded_days: unrecorded,
    left_out_days: leftOut,
    ratio: work === 0 ? null : Math.floor((worked * 1000) / work) / 10,
    qualifies: worked * REQUIRED_DENOMINATOR >= work * REQUIRED_NUMERATOR,
  };
}

/** The period the grant at `step` is judged on: joining to the first 基準日, then year to year. */
export function grantPeriod(joinDate: string, step: number): { from: string; to: string } {
  const grantedOn = addMonths(joinDate, FIRST_GRANT_MONTHS + 12 * step);
  const from = step === 0 ? joinDate : addMonths(joinDate, FIRST_GRANT_MONTHS + 12 * (step - 1));
  return { from, to: addDays(grantedOn, -1) };
}

export interface TGrantJudgement {
  readonly grant: TScheduledGrant;
  readonly rate: TAttendanceRate;
  /** The scheduled days when the rate qualifies, else 0. */
  readonly days: number;
}

/** The grant at `step` judged on its own period: below 80 % nothing is granted that year. */
export function judgeGrant(
  joinDate: string,
  step: number,
  weeklyDays: number | null | undefined,
  days: Pick<TRateInput, 'isWorkDay' | 'kindOf'>,
): TGrantJudgement {
  const grant = scheduledGrant(joinDate, step, weeklyDays);
  const rate = attendanceRate({ ...grantPeriod(joinDate, step), ...days });
  return { grant, rate, days: rate.qualifies ? grant.days : 0 };
}
