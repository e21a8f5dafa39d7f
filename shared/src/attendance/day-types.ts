// The arithmetic class of each attendance day type (attendance-rules.md "Types"; codes of spec §3.11).
// 06/12 count like 01/05, and 08/09/13/14 like 01/05 too: lateness and early leave come from the times.

export const DayClass = {
  Unknown: 0,
  Work: 1,
  HolidayWork: 2,
  Leave: 3,
  NonWork: 4,
} as const;
export type DayClass = (typeof DayClass)[keyof typeof DayClass];

export const PAID_LEAVE_TYPE = '03';
export const COMPENSATORY_LEAVE_TYPE = '04';
export const ABSENCE_TYPE = '02';

/** The class of a type code; Unknown for anything that is not a code of §3.11. */
export function dayClassOf(type: unknown): DayClass {
  switch (type) {
    case '01':
    case '06':
    case '08':
    case '09':
      return DayClass.Work;
    case '05':
    case '12':
    case '13':
    case '14':
      return DayClass.HolidayWork;
    case '03':
    case '04':
      return DayClass.Leave;
    case '02':
    case '07':
    case '10':
    case '11':
      return DayClass.NonWork;
    default:
      return DayClass.Unknown;
  }
}

/** Types whose days carry times: worked times, or the worked half of a half-day leave. */
export function takesTimes(type: unknown): boolean {
  const dayClass = dayClassOf(type);
  return dayClass === DayClass.Work || dayClass === DayClass.HolidayWork || dayClass === DayClass.Leave;
}
