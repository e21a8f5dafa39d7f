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

// A keystroke in a time re-renders that time's cell and the figure cells of its row, nothing else:
// each part of a row subscribes to its own slice of the form's store.

interface DayRowProps {
  set: TFormSet;
  index: number;
  weekday: string;
  weekend: boolean;
  kind: TCalendarKind | undefined;
  /** The whole form is read-only (already submitted). */
  readOnly: boolean;
}

/** A day's minutes as H:MM; nothing for none, so days off stay quiet. */
const minutes = (value: number) => (value > 0 ? formatMinutes(value) : '');

const NO_FIGURES = { basic: '', over: '', night: '', total: '' } as const;

/** The figures a row shows, as text. */
function rowFigures(state: EntryState, set: TFormSet, index: number) {
  const day = state.figures[set][index];
  if (!day || day.error) return NO_FIGURES;
  return {
    basic: minutes(day.basic_time),
    over: minutes(day.early + day.over),
    night: minutes(day.night_over),
    total: minutes(day.total_time),
  };
}

const FigureCells = memo(function FigureCells({ set, index }: { set: TFormSet; index: number }) {
  const figures = useEntry(useShallow((state) => rowFigures(state, set, index)));
  return (
    <>
      <td className="ae-grid__figure" data-figure="basic_time">
        <span className="ae-contained">{figures.basic}</span>
      </td>
      <td className="ae-grid__figure" data-figure="over">
        <span className="ae-contained">{figures.over}</span>
      </td>
      <td className="ae-grid__figure" data-figure="night_over">
        <span className="ae-contained">{figures.night}</span>
      </td>
      <td className="ae-grid__figure" data-figure="total_time">
        <span className="ae-contained">{figures.total}</span>
      </td>
    </>
  );
});

interface TypeCellProps {
  set: TFormSet;
  index: number;
  name: string;
  label: string;
  disabled: boolean;
}

const TypeCell = memo(function TypeCell({ set, index, name, label, disabled }: TypeCellProps) {
  const store = useEntryStore();
  const dayOfMonth = index + 1;
  const type = useEntry((state) => state.days[set][index]?.type ?? '');
  const errorKey = dayErrorKey(set, dayOfMonth, 'type');
  // A problem only the merged view shows (the two tabs' types together) sits under the first tab's type.
  const mergedKey = dayErrorKey('merged', dayOfMonth, 'type');
  const error = useEntry(
    (state) =>
      state.serverErrors[errorKey]?.[0] ?? (set === 'first' ? state.serverErrors[mergedKey]?.[0] : undefined),
  );
  const errorId = `${name}-error`;
  return (
    <td className="ae-grid__cell">
      <select
        className="ae-input ae-input--type"
        name={name}
        aria-label={label}
        value={type}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const state = store.getState();
          state.setType(set, index, event.target.value);
          state.clearServerError(errorKey);
          state.clearServerError(mergedKey);
        }}
      >
        <option value="">{SELECT_PLACEHOLDER}</option>
        {selectableDayTypes(set).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <span className="ae-cell-error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </td>
  );
});

/** How a row looks: re-computed on every change, but the row re-renders only when one of these does. */
function rowLook(state: EntryState, set: TFormSet, index: number, weekend: boolean) {
  const day = state.days[set][index];
  if (!day) return null;
  return {
    locked: day.locked,
    timesLocked: !timesEditable(day),
    tone: dayTone({ weekend, type: day.type, start: day.start, end: day.end }),
  };
}

interface DayErrorProps {
  set: TFormSet;
  index: number;
  /** A cell of the row has the focus: the complaint waits until the row is left. */
  editing: boolean;
}

/** The calculation's complaint about a day, as a row of its own under it. */
const DayError = memo(function DayError({ set, index, editing }: DayErrorProps) {
  const error = useEntry((state) => state.figures[set][index]?.error ?? null);
  if (editing || !error) return null;
  const dayOfMonth = index + 1;
  return (
    <tr className="ae-grid__error-row" data-testid="attendance-day-error" data-day={dayOfMonth}>
      <td colSpan={8}>
        <span className="ae-row-error" role="alert">
          {dayOfMonth}日：{ATTENDANCE_DAY_ERROR_MESSAGES[error]}
        </span>
      </td>
    </tr>
  );
});

/** One day of one set: type, start and end, and the day's figures from the calculation. */
export const DayRow = memo(function DayRow({ set, index, weekday, weekend, kind, readOnly }: DayRowProps) {
  const look = useEntry(useShallow((state) => rowLook(state, set, index, weekend)));
  // The calculation's complaint shows once the user has left the row, not at every half-typed time.
  const [editing, setEditing] = useState(false);
  if (!look) return null;
  const dayOfMonth = index + 1;
  const locked = readOnly || look.locked;

  return (
    <>
      <tr
        className="ae-grid__row"
        data-testid="attendance-day"
        data-day={dayOfMonth}
        data-kind={kind}
        data-weekend={weekend || undefined}
        data-locked={look.locked || undefined}
        data-tone={look.tone ?? undefined}
        onFocus={() => setEditing(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setEditing(false);
        }}
      >
        <th scope="row" className="ae-grid__day">
          <span className="ae-grid__date">{dayOfMonth}</span>
          <span className="ae-grid__weekday">{weekday}</span>
        </th>
        <TypeCell
          set={set}
          index={index}
          name={fieldName('type', set, dayOfMonth)}
          label={`${dayOfMonth}日 区分`}
          disabled={locked}
        />
        <TimeCell
          set={set}
          index={index}
          end="start"
          name={fieldName('start_time', set, dayOfMonth)}
          errorKey={dayErrorKey(set, dayOfMonth, 'start')}
          label={`${dayOfMonth}日 開始`}
          disabled={locked || look.timesLocked}
        />
        <TimeCell
          set={set}
          index={index}
          end="end"
          name={fieldName('end_time', set, dayOfMonth)}
          errorKey={dayErrorKey(set, dayOfMonth, 'end')}
          label={`${dayOfMonth}日 終了`}
          disabled={locked || look.timesLocked}
        />
        <FigureCells set={set} index={index} />
      </tr>
      <DayError set={set} index={index} editing={editing} />
    </>
  );
});
