// Error codes of the attendance calculation. A day-level problem is data (the day's `error`, the day
// then counts for nothing); only an input whose structure the calculation cannot stand on throws.

/** A rejected day's reason, in the order the rules check them (attendance-rules.md "Validation of a day"). */
export const ATTENDANCE_DAY_ERRORS = [
  'E_TYPE',
  'E_TIMES_NOT_ALLOWED',
  'E_TIMES_REQUIRED',
  'E_HOLWORK_ON_WORKDAY',
  'E_FORMAT',
  'E_RANGE',
  'E_ZERO_LENGTH',
  'E_END_BEFORE_START',
  'E_CROSS_LIMIT',
] as const;
export type TAttendanceDayError = (typeof ATTENDANCE_DAY_ERRORS)[number];

/** Japanese texts for the screens, one per day error. */
export const ATTENDANCE_DAY_ERROR_MESSAGES: Readonly<Record<TAttendanceDayError, string>> = {
  E_TYPE: '勤務区分が正しくありません。',
  E_TIMES_NOT_ALLOWED: 'この勤務区分には時刻を入力できません。',
  E_TIMES_REQUIRED: '開始時刻と終了時刻を入力してください。',
  E_HOLWORK_ON_WORKDAY: '休日出勤は休日にのみ選択できます。',
  E_FORMAT: '時刻は HH:MM の形式で入力してください。',
  E_RANGE: '時刻が範囲外です。',
  E_ZERO_LENGTH: '終了時刻は開始時刻より後にしてください。',
  E_END_BEFORE_START:
    '終了時刻が開始時刻より前です。日をまたぐ勤務は 0:00 からを翌日の行に入力してください。',
  E_CROSS_LIMIT: '翌日の始業時刻を超えて勤務を入力することはできません。',
};

/** Why a whole input was refused: the month, the settings, the calendar or the list of days. */
export const ATTENDANCE_INPUT_ERRORS = [
  'E_INPUT_MONTH',
  'E_INPUT_SETTINGS',
  'E_INPUT_CALENDAR',
  'E_INPUT_DATE',
  'E_INPUT_DUPLICATE_DATE',
] as const;
export type TAttendanceInputErrorCode = (typeof ATTENDANCE_INPUT_ERRORS)[number];

/**
 * Thrown by computeAttendance for an input ZAttendanceInput refuses (the API has already answered 400
 * by then; the form shows the schema's message instead of calling the calculation). `path` names the
 * field as zod would, so both report the same place.
 */
export class AttendanceInputError extends Error {
  override readonly name = 'AttendanceInputError';
  readonly code: TAttendanceInputErrorCode;
  readonly path: readonly (string | number)[];

  constructor(code: TAttendanceInputErrorCode, path: readonly (string | number)[], message: string) {
    super(message);
    this.code = code;
    this.path = path;
  }
}
