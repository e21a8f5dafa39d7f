// A tab's settings as the form holds them: every time as typed text, and the five break periods as
// five slots (spec §3.10, §9), so a half-typed break never disappears from the screen. The
// calculation gets the settings it expects from toSettings.
import { applySettingsTime, type TSettingsTimeField } from '@portal/shared/attendance/form-rules';
import type { TAttendanceSettings, TTimePeriod } from '@portal/shared/attendance/schema';
import { MAX_BREAK_PERIODS } from '@portal/shared/limits';

export type TSettingsForm = { readonly [K in TSettingsTimeField]: string } & {
  readonly breaks: readonly TTimePeriod[];
};

export const SETTINGS_TIME_FIELDS = [
  'work_start_time',
  'work_end_time',
  'early_start',
  'early_end',
  'start_overtime',
  'end_overtime',
  'late_start',
  'late_end_time',
  'lunch_start_time',
  'lunch_end_time',
] as const satisfies readonly TSettingsTimeField[];

const EMPTY_BREAK: TTimePeriod = Object.freeze({ start: '', end: '' });

/** The form's settings from the API's: absent lunch and breaks become empty text. */
export function settingsForm(settings: TAttendanceSettings): TSettingsForm {
  return {
    work_start_time: settings.work_start_time,
    work_end_time: settings.work_end_time,
    early_start: settings.early_start,
    early_end: settings.early_end,
    start_overtime: settings.start_overtime,
    end_overtime: settings.end_overtime,
    late_start: settings.late_start,
    late_end_time: settings.late_end_time,
    lunch_start_time: settings.lunch_start_time ?? '',
    lunch_end_time: settings.lunch_end_time ?? '',
    breaks: Array.from({ length: MAX_BREAK_PERIODS }, (_, i) => settings.breaks[i] ?? EMPTY_BREAK),
  };
}

/** What the calculation and the API take: no lunch when either end is empty, only complete breaks. */
export function toSettings(form: TSettingsForm): TAttendanceSettings {
  const lunch = form.lunch_start_time !== '' && form.lunch_end_time !== '';
  return {
    work_start_time: form.work_start_time,
    work_end_time: form.work_end_time,
    early_start: form.early_start,
    early_end: form.early_end,
    start_overtime: form.start_overtime,
    end_overtime: form.end_overtime,
    late_start: form.late_start,
    late_end_time: form.late_end_time,
    lunch_start_time: lunch ? form.lunch_start_time : null,
    lunch_end_time: lunch ? form.lunch_end_time : null,
    breaks: form.breaks.filter((b) => b.start !== '' && b.end !== '').map((b) => ({ ...b })),
  };
}

/** Typing one settings time, with the copies of spec §4.4 (applySettingsTime). */
export function setSettingsTime(
  form: TSettingsForm,
  field: TSettingsTimeField,
  value: string,
): TSettingsForm {
  // applySettingsTime copies text between the string fields and keeps the rest, breaks included.
  return applySettingsTime({ ...form, breaks: [...form.breaks] }, field, value) as TSettingsForm;
}

export function setBreakTime(
  form: TSettingsForm,
  index: number,
  end: 'start' | 'end',
  value: string,
): TSettingsForm {
  return { ...form, breaks: form.breaks.map((b, i) => (i === index ? { ...b, [end]: value } : b)) };
}
