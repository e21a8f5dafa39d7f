// One entry form's state: a small zustand store per form instead of react-hook-form, so a keystroke
// re-renders only the row it changed and the totals. Every change to a day or a setting runs the
// shared calculation (computeAttendanceTabs, about 0.03 ms for a month) at once, so the figures on
// screen are always those of what is typed (spec §2.6 live figures).
import { createStore, type StoreApi } from 'zustand/vanilla';
import { AttendanceInputError } from '@portal/shared/attendance/errors';
import {
  applyDayType,
  applyDefaultInput,
  type TSettingsTimeField,
} from '@portal/shared/attendance/form-rules';
import type { TAttendanceFormDay, TContractTimes, TFormSet } from '@portal/shared/attendance/form-state';
import { computeAttendanceTabs, type TAttendanceTabsResult } from '@portal/shared/attendance/merge';
import { emptyTotals } from '@portal/shared/attendance/totals';
import type {
  TAttendanceCalendar,
  TAttendanceDayResult,
  TAttendanceResult,
} from '@portal/shared/attendance/schema';
import { setBreakTime, setSettingsTime, toSettings, type TSettingsForm } from './settings-form.ts';
import { timeOnBlur } from './time-text.ts';

export type TTimeEnd = 'start' | 'end';
export type TView = TFormSet | 'merged';

/** Everything the user edits, as saved in a draft. */
export interface EntrySnapshot {
  readonly year: number;
  readonly month: number;
  readonly settings: Readonly<Record<TFormSet, TSettingsForm>>;
  readonly days: Readonly<Record<TFormSet, readonly TAttendanceFormDay[]>>;
  readonly defaultInput: boolean;
  readonly remark: string;
}

/** What the form is given along with the snapshot and never edits. */
export interface EntryContext {
  readonly calendar: TAttendanceCalendar;
}

/** Figures of each day of the month by day index (0 = the 1st); null for a day with no type. */
export type DayFigures = readonly (TAttendanceDayResult | null)[];

export interface EntryState extends EntrySnapshot, EntryContext {
  /** The last figures computed; kept while a setting is half typed. */
  readonly result: TAttendanceTabsResult;
  readonly figures: Readonly<Record<TView, DayFigures>>;
  /** Why the settings cannot be computed (a half-typed time), or null. */
  readonly settingsError: string | null;
  /** 400 field errors of the last save or submission, by the API's field name. */
  readonly serverErrors: Readonly<Record<string, readonly string[]>>;
  /** Counts edits, so autosave knows there is something new. */
  readonly revision: number;

  setType(set: TFormSet, index: number, type: string): void;
  setTime(set: TFormSet, index: number, end: TTimeEnd, text: string): void;
  /** Spec §4.4 rounding on blur, after reading '930' as 9:30. */
  blurTime(set: TFormSet, index: number, end: TTimeEnd): void;
  setSettingsTime(set: TFormSet, field: TSettingsTimeField, value: string): void;
  setBreakTime(set: TFormSet, index: number, end: TTimeEnd, value: string): void;
  setDefaultInput(on: boolean): void;
  setRemark(remark: string): void;
  setServerErrors(errors: Record<string, readonly string[]>): void;
  clearServerError(field: string): void;
}

export type EntryStore = StoreApi<EntryState>;

function byDay(result: TAttendanceResult, count: number): DayFigures {
  const figures: (TAttendanceDayResult | null)[] = Array.from({ length: count }, () => null);
  for (const day of result.days) figures[Number(day.date.slice(8, 10)) - 1] = day;
  return figures;
}

type Computed = Pick<EntryState, 'result' | 'figures' | 'settingsError'>;

function compute(
  data: EntrySnapshot & EntryContext,
  previous: Computed | null,
  emptyResult: () => TAttendanceTabsResult,
): Computed {
  try {
    const result = computeAttendanceTabs({
      year: data.year,
      month: data.month,
      calendar: data.calendar,
      first: { settings: toSettings(data.settings.first), days: data.days.first },
      second: { settings: toSettings(data.settings.second), days: data.days.second },
    });
    const count = data.days.first.length;
    return {
      result,
      figures: {
        first: byDay(result.first, count),
        second: byDay(result.second, count),
        merged: byDay(result.merged, count),
      },
      settingsError: null,
    };
  } catch (error) {
    if (!(error instanceof AttendanceInputError)) throw error;
    // Only the figures are kept: the whole previous state would also bring back its settings, and the
    // half-typed time that caused this would vanish from the screen.
    const figures = previous?.figures ?? { first: [], second: [], merged: [] };
    return { result: previous?.result ?? emptyResult(), figures, settingsError: error.message };
  }
}

/** The contract hours a set's rules fill in (spec §4.4): its own settings' work start and end. */
export function contractTimes(settings: TSettingsForm): TContractTimes {
  return { start: settings.work_start_time, end: settings.work_end_time };
}

/** Field names of spec §3.10: the in-house set has no suffix, the on-site set `_2`. */
export function fieldName(base: string, set: TFormSet, day?: number): string {
  const suffix = set === 'second' ? '_2' : '';
  return day === undefined ? `${base}${suffix}` : `${base}_${day}${suffix}`;
}

const emptyResult = (): TAttendanceTabsResult => {
  const empty = { days: [], totals: emptyTotals() };
  return { first: empty, second: empty, merged: empty };
};

export function createEntryStore(snapshot: EntrySnapshot, context: EntryContext): EntryStore {
  return createStore<EntryState>()((set, get) => {
    /** Applies a change to the edited data and recomputes the figures in the same update. */
    const edit = (change: (state: EntryState) => Partial<EntrySnapshot>) => {
      const state = get();
      const next = { ...state, ...change(state) };
      set({ ...next, ...compute(next, state, emptyResult), revision: state.revision + 1 });
    };
    const editDay = (
      setName: TFormSet,
      index: number,
      change: (day: TAttendanceFormDay, state: EntryState) => TAttendanceFormDay,
    ) =>
      edit((state) => {
        const days = state.days[setName];
        const day = days[index];
        if (!day) return {};
        const changed = change(day, state);
        if (changed === day) return {};
        return {
          days: { ...state.days, [setName]: days.map((d, i) => (i === index ? changed : d)) },
        };
      });

    const initial = { ...snapshot, ...context };
    return {
      ...initial,
      ...compute(initial, null, emptyResult),
      serverErrors: {},
      revision: 0,

      setType: (setName, index, type) =>
        editDay(setName, index, (day, state) =>
          applyDayType(day, type, contractTimes(state.settings[setName]), setName),
        ),
      setTime: (setName, index, end, text) =>
        editDay(setName, index, (day) => (day.locked || day[end] === text ? day : { ...day, [end]: text })),
      blurTime: (setName, index, end) =>
        editDay(setName, index, (day) => {
          const text = timeOnBlur(day[end], end);
          return day.locked || text === day[end] ? day : { ...day, [end]: text };
        }),
      setSettingsTime: (setName, field, value) =>
        edit((state) => ({
          settings: { ...state.settings, [setName]: setSettingsTime(state.settings[setName], field, value) },
        })),
      setBreakTime: (setName, index, end, value) =>
        edit((state) => ({
          settings: {
            ...state.settings,
            [setName]: setBreakTime(state.settings[setName], index, end, value),
          },
        })),
      setDefaultInput: (on) =>
        edit((state) => {
          if (!on) return { defaultInput: false };
          // The toggle fills the first (in-house) set only, and never a day already filled.
          const form = applyDefaultInput(
            {
              year: state.year,
              month: state.month,
              first: [...state.days.first],
              second: [...state.days.second],
            },
            'first',
            state.calendar,
            contractTimes(state.settings.first),
          );
          return { defaultInput: true, days: { first: form.first, second: state.days.second } };
        }),
      setRemark: (remark) => set((state) => ({ remark, revision: state.revision + 1 })),
      setServerErrors: (serverErrors) => set({ serverErrors }),
      clearServerError: (field) =>
        set((state) => {
          if (!(field in state.serverErrors)) return state;
          const { [field]: _cleared, ...rest } = state.serverErrors;
          return { serverErrors: rest };
        }),
    };
  });
}

/** The part of the state a draft keeps. */
export function snapshotOf(state: EntryState): EntrySnapshot {
  return {
    year: state.year,
    month: state.month,
    settings: state.settings,
    days: state.days,
    defaultInput: state.defaultInput,
    remark: state.remark,
  };
}
