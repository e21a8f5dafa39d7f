import { memo } from 'react';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import { useEntry, useEntryStore } from '../model/entry-context.tsx';
import type { TTimeEnd } from '../model/entry-store.ts';
import { TimeInput } from './time-input.tsx';

interface TimeCellProps {
  set: TFormSet;
  index: number;
  end: TTimeEnd;
  name: string;
  /** The key of the cell's 400 field error (month-data.ts). */
  errorKey: string;
  label: string;
  disabled: boolean;
  /** The id of the row's message when it is about this cell. */
  describedBy: string | undefined;
  /** After each keystroke, once the store has it. */
  onTyped: () => void;
  /** After the cell is left and its time rounded. */
  onLeft: () => void;
}

/**
 * A start or end time of one day, rounded on blur (time-input.tsx says why it is text). Its problems
 * are named by the row's one message (row-message.ts), not under the cell.
 */
export const TimeCell = memo(function TimeCell({
  set,
  index,
  end,
  name,
  errorKey,
  label,
  disabled,
  describedBy,
  onTyped,
  onLeft,
}: TimeCellProps) {
  const store = useEntryStore();
  const value = useEntry((state) => state.days[set][index]?.[end] ?? '');
  return (
    <td className="ae-grid__cell ae-grid__cell--time">
      <TimeInput
        name={name}
        label={label}
        value={value}
        disabled={disabled}
        error={undefined}
        describedBy={describedBy}
        onChange={(typed) => {
          const { setTime, clearServerError } = store.getState();
          setTime(set, index, end, typed);
          clearServerError(errorKey);
          onTyped();
        }}
        onBlur={() => {
          store.getState().blurTime(set, index, end);
          onLeft();
        }}
      />
    </td>
  );
});
