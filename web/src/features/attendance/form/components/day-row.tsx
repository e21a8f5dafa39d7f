import { memo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ATTENDANCE_DAY_ERROR_MESSAGES } from '@portal/shared/attendance/errors';
import { selectableDayTypes, timesEditable } from '@portal/shared/attendance/form-rules';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import type { TCalendarKind } from '@portal/shared/attendance/schema';
import { SELECT_PLACEHOLDER } from '@portal/shared/limits';
import { dayTone } from '../../view/day-tone.ts';
import { formatMinutes } from '../../view/format.ts';
import { useEntry, useEntryStore } from '../model/entry-context.tsx';
import { fieldName, type EntryState } from '../model/entry-store.ts';
import { dayErrorKey } from '../model/month-data.ts';
import { TimeCell } from './time-cell.tsx';

interface DayRowProps {
  set: TFormSet;
  index: number;
  weekday: string;
  weekend: boolean;
  kind: TCalendarKind | undefined;
  /** The whole form is read-only (already submitted). */
  readOnly: boolean;
}

const NO_FIGURES = { basic: '', over: '', night: '', total: '', error: null } as const;

/** The figures a row shows, as text: the row re-renders only when one of them changes. */
function rowFigures(state: EntryState, set: TFormSet, index: number) {
  const day = state.figures[set][index];
  if (!day) return NO_FIGURES;
  if (day.error) return { ...NO_FIGURES, error: day.error };
  return {
    basic: formatMinutes(day.basic_time),
    over: formatMinutes(day.early + day.over),
    night: formatMinutes(day.night_over),
    total: formatMinutes(day.total_time),
    error: null,
  };
}

/** One day of one set: type, start and end, and the day's figures from the calculation. */
export const DayRow = memo(function DayRow({ set, index, weekday, weekend, kind, readOnly }: DayRowProps) {
  const store = useEntryStore();
  const day = useEntry((state) => state.days[set][index]);
  const figures = useEntry(useShallow((state) => rowFigures(state, set, index)));
  const dayOfMonth = index + 1;
  const names = {
    type: fieldName('type', set, dayOfMonth),
    start: fieldName('start_time', set, dayOfMonth),
    end: fieldName('end_time', set, dayOfMonth),
  };
  const errorKeys = {
    type: dayErrorKey(set, dayOfMonth, 'type'),
    start: dayErrorKey(set, dayOfMonth, 'start'),
    end: dayErrorKey(set, dayOfMonth, 'end'),
  };
  const errors = useEntry(
    useShallow((state) => ({
      // A problem only the merged view shows (the two tabs' types together) sits under the first tab's type.
      type:
        state.serverErrors[errorKeys.type]?.[0] ??
        (set === 'first' ? state.serverErrors[dayErrorKey('merged', dayOfMonth, 'type')]?.[0] : undefined),
      start: state.serverErrors[errorKeys.start]?.[0],
      end: state.serverErrors[errorKeys.end]?.[0],
    })),
  );
  // The calculation's complaint shows once the user has left the row, not at every half-typed time.
  const [editing, setEditing] = useState(false);
  if (!day) return null;
  const locked = readOnly || day.locked;
  const timesLocked = locked || !timesEditable(day);
  const tone = dayTone({ weekend, type: day.type, start: day.start, end: day.end });
  const rowError = !editing && figures.error ? ATTENDANCE_DAY_ERROR_MESSAGES[figures.error] : null;
  const typeErrorId = `${names.type}-error`;

  return (
    <>
      <tr
        className="ae-grid__row"
        data-testid="attendance-day"
        data-day={dayOfMonth}
        data-kind={kind}
        data-weekend={weekend || undefined}
        data-locked={day.locked || undefined}
        data-tone={tone ?? undefined}
        data-error={figures.error ?? undefined}
        onFocus={() => setEditing(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setEditing(false);
        }}
      >
        <th scope="row" className="ae-grid__day">
          <span className="ae-grid__date">{dayOfMonth}</span>
          <span className="ae-grid__weekday">{weekday}</span>
        </th>
        <td className="ae-grid__cell">
          <select
            className="ae-input ae-input--type"
            name={names.type}
            aria-label={`${dayOfMonth}日 区分`}
            value={day.type}
            disabled={locked}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={errors.type ? typeErrorId : undefined}
            onChange={(event) => {
              const state = store.getState();
              state.setType(set, index, event.target.value);
              state.clearServerError(errorKeys.type);
              state.clearServerError(dayErrorKey('merged', dayOfMonth, 'type'));
            }}
          >
            <option value="">{SELECT_PLACEHOLDER}</option>
            {selectableDayTypes(set).map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
          {errors.type ? (
            <span className="ae-cell-error" id={typeErrorId} role="alert">
              {errors.type}
            </span>
          ) : null}
        </td>
        <TimeCell
          set={set}
          index={index}
          end="start"
          name={names.start}
          errorKey={errorKeys.start}
          label={`${dayOfMonth}日 開始`}
          value={day.start}
          disabled={timesLocked}
          error={errors.start}
        />
        <TimeCell
          set={set}
          index={index}
          end="end"
          name={names.end}
          errorKey={errorKeys.end}
          label={`${dayOfMonth}日 終了`}
          value={day.end}
          disabled={timesLocked}
          error={errors.end}
        />
        <td className="ae-grid__figure" data-figure="basic_time">
          {figures.basic}
        </td>
        <td className="ae-grid__figure" data-figure="over">
          {figures.over}
        </td>
        <td className="ae-grid__figure" data-figure="night_over">
          {figures.night}
        </td>
        <td className="ae-grid__figure" data-figure="total_time">
          {figures.total}
        </td>
      </tr>
      {rowError ? (
        <tr className="ae-grid__error-row" data-testid="attendance-day-error" data-day={dayOfMonth}>
          <td colSpan={8}>
            <span className="ae-row-error" role="alert">
              {dayOfMonth}日：{rowError}
            </span>
          </td>
        </tr>
      ) : null}
    </>
  );
});
