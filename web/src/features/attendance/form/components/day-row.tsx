import { memo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectableDayTypes, timesEditable } from '@portal/shared/attendance/form-rules';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import type { TCalendarKind } from '@portal/shared/attendance/schema';
import { SELECT_PLACEHOLDER } from '@portal/shared/limits';
import { dayTone } from '../../view/day-tone.ts';
import { formatMinutes } from '../../view/format.ts';
import { useEntry, useEntryStore } from '../model/entry-context.tsx';
import { fieldName, type EntryState } from '../model/entry-store.ts';
import { dayErrorKey } from '../model/month-data.ts';
import { hasTimesError, rowMessage } from '../model/row-message.ts';
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

/**
 * The day's figures again as one line under the row, for a phone (issue 12 item 16): below 768 px the
 * figure columns are hidden (attendance-form.css) and the grid fits the screen without scrolling
 * sideways, so this line is where the computed hours are read. Hidden from 768 px up.
 */
const DaySummary = memo(function DaySummary({ set, index }: { set: TFormSet; index: number }) {
  const figures = useEntry(useShallow((state) => rowFigures(state, set, index)));
  if (figures.total === '' && figures.basic === '') return null;
  const dayOfMonth = index + 1;
  return (
    <tr className="ae-grid__summary-row" data-testid="attendance-day-summary" data-day={dayOfMonth}>
      <td colSpan={4}>
        <span className="ae-grid__summary">
          <span>基本 {figures.basic || '0:00'}</span>
          <span>早出・残業 {figures.over || '0:00'}</span>
          <span>深夜 {figures.night || '0:00'}</span>
          <span>合計 {figures.total || '0:00'}</span>
        </span>
      </td>
    </tr>
  );
});

interface TypeCellProps {
  set: TFormSet;
  index: number;
  name: string;
  label: string;
  disabled: boolean;
  /** The id of the row's message when it is about the type. */
  describedBy: string | undefined;
}

const TypeCell = memo(function TypeCell({ set, index, name, label, disabled, describedBy }: TypeCellProps) {
  const store = useEntryStore();
  const dayOfMonth = index + 1;
  const type = useEntry((state) => state.days[set][index]?.type ?? '');
  return (
    <td className="ae-grid__cell">
      <select
        className="ae-input ae-input--type"
        name={name}
        aria-label={label}
        value={type}
        disabled={disabled}
        aria-invalid={describedBy ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const state = store.getState();
          state.setType(set, index, event.target.value);
          state.clearServerError(dayErrorKey(set, dayOfMonth, 'type'));
          // A problem only the merged view shows (the two tabs' types together) is the first tab's.
          state.clearServerError(dayErrorKey('merged', dayOfMonth, 'type'));
        }}
      >
        <option value="">{SELECT_PLACEHOLDER}</option>
        {selectableDayTypes(set).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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

/** The row's one message (row-message.ts), as a row of its own under the day. */
function DayError({ id, dayOfMonth, text }: { id: string; dayOfMonth: number; text: string }) {
  return (
    <tr className="ae-grid__error-row" data-testid="attendance-day-error" data-day={dayOfMonth}>
      <td colSpan={8}>
        <span className="ae-row-error" id={id} role="alert">
          {dayOfMonth}日：{text}
        </span>
      </td>
    </tr>
  );
}

/** One day of one set: type, start and end, and the day's figures from the calculation. */
export const DayRow = memo(function DayRow({ set, index, weekday, weekend, kind, readOnly }: DayRowProps) {
  const store = useEntryStore();
  const look = useEntry(useShallow((state) => rowLook(state, set, index, weekend)));
  // The calculation's complaint about the whole day waits until the row is left, not at every
  // half-typed time; a time cell's own problem shows as soon as that cell is left, and goes as soon
  // as it is mended.
  const [editing, setEditing] = useState(false);
  const [timesFlagged, setTimesFlagged] = useState(false);
  const message = useEntry(
    useShallow((state) => rowMessage(state, set, index, { times: timesFlagged, day: !editing })),
  );
  if (!look) return null;
  const dayOfMonth = index + 1;
  const locked = readOnly || look.locked;
  const messageId = `day-message-${set}-${dayOfMonth}`;
  const about = (field: 'type' | 'start' | 'end') => (message?.field === field ? messageId : undefined);
  const onTyped = () => {
    if (timesFlagged && !hasTimesError(store.getState(), set, index)) setTimesFlagged(false);
  };
  const onLeft = () => setTimesFlagged(hasTimesError(store.getState(), set, index));

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
          describedBy={about('type')}
        />
        <TimeCell
          set={set}
          index={index}
          end="start"
          name={fieldName('start_time', set, dayOfMonth)}
          errorKey={dayErrorKey(set, dayOfMonth, 'start')}
          label={`${dayOfMonth}日 開始`}
          disabled={locked || look.timesLocked}
          describedBy={about('start')}
          onTyped={onTyped}
          onLeft={onLeft}
        />
        <TimeCell
          set={set}
          index={index}
          end="end"
          name={fieldName('end_time', set, dayOfMonth)}
          errorKey={dayErrorKey(set, dayOfMonth, 'end')}
          label={`${dayOfMonth}日 終了`}
          disabled={locked || look.timesLocked}
          describedBy={about('end')}
          onTyped={onTyped}
          onLeft={onLeft}
        />
        <FigureCells set={set} index={index} />
      </tr>
      <DaySummary set={set} index={index} />
      {message ? <DayError id={messageId} dayOfMonth={dayOfMonth} text={message.text} /> : null}
    </>
  );
});
