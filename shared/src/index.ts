// The package's "." entry (`import … from '@portal/shared'`): the attendance calculation, its schemas
// and the entry form's rules, named one by one so the public surface is what is listed here. Other
// modules are imported by path (`@portal/shared/codes`, `@portal/shared/contracts/auth`).
export { computeAttendance } from './attendance/compute.ts';
export {
  CALENDAR_KINDS,
  ZAttendanceCalendar,
  ZAttendanceDayError,
  ZAttendanceDayInput,
  ZAttendanceDayResult,
  ZAttendanceInput,
  ZAttendanceResult,
  ZAttendanceSegment,
  ZAttendanceSettings,
  ZAttendanceTotals,
  ZCalendarKind,
  ZClockTime,
  ZTimePeriod,
} from './attendance/schema.ts';
export type {
  TAttendanceCalendar,
  TAttendanceDayInput,
  TAttendanceDayResult,
  TAttendanceInput,
  TAttendanceResult,
  TAttendanceSegment,
  TAttendanceSettings,
  TAttendanceTotals,
  TCalendarKind,
  TTimePeriod,
} from './attendance/schema.ts';
export {
  ATTENDANCE_DAY_ERROR_MESSAGES,
  ATTENDANCE_DAY_ERRORS,
  ATTENDANCE_INPUT_ERRORS,
  AttendanceInputError,
} from './attendance/errors.ts';
export type { TAttendanceDayError, TAttendanceInputErrorCode } from './attendance/errors.ts';
export { DayClass, dayClassOf, takesTimes } from './attendance/day-types.ts';
export { formatTime, isTime, parseTime } from './attendance/time.ts';
export {
  createAttendanceForm,
  EMPTY_FORM_DAY,
  ZAttendanceForm,
  ZAttendanceFormDay,
} from './attendance/form-state.ts';
export type {
  TAttendanceForm,
  TAttendanceFormDay,
  TContractTimes,
  TFormSet,
} from './attendance/form-state.ts';
export {
  applyDayType,
  applyDefaultInput,
  applyLeavePeriods,
  applySettingsTime,
  countsAsWorkPeriod,
  isSelectableDayType,
  lockDaysAfterContractEnd,
  lockHolidays,
  roundEndOnBlur,
  roundStartOnBlur,
  selectableDayTypes,
  timesEditable,
} from './attendance/form-rules.ts';
export type { TLeavePeriod, TSettingsTimeField } from './attendance/form-rules.ts';
export { computeAttendanceTabs, mergedInput, tabInput } from './attendance/merge.ts';
export type { TAttendanceTab, TAttendanceTabs, TAttendanceTabsResult } from './attendance/merge.ts';
