import { memo } from 'react';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import { useEntry, useEntryStore } from '../model/entry-context.tsx';
import type { TTimeEnd } from '../model/entry-store.ts';

interface TimeCellProps {
  set: TFormSet;
  index: number;
  end: TTimeEnd;
  name: string;
  /** The key of the cell's 400 field error (month-data.ts). */
  errorKey: string;
  label: string;
  disabled: boolean;
}

/**
 * A start or end time of one day. Text, not `type=time`: the shared rules read what was typed
 * (overnight ends, '930' on a phone's number pad) and round it on blur (spec §4.4).
 */
export const TimeCell = memo(function TimeCell({
  set,
  index,
  end,
  name,
  errorKey,
  label,
  disabled,
}: TimeCellProps) {
  const store = useEntryStore();
  const value = useEntry((state) => state.days[set][index]?.[end] ?? '');
  const error = useEntry((state) => state.serverErrors[errorKey]?.[0]);
  const errorId = `${name}-error`;
  return (
    <td className="ae-grid__cell ae-grid__cell--time">
      <input
        className="ae-input ae-input--time"
        name={name}
        aria-label={label}
        value={value}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        placeholder="--:--"
        maxLength={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const { setTime, clearServerError } = store.getState();
          setTime(set, index, end, event.target.value);
          clearServerError(errorKey);
        }}
        onBlur={() => store.getState().blurTime(set, index, end)}
      />
      {error ? (
        <span className="ae-cell-error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </td>
  );
});
