// The text input of a time (a day's start or end, a setting, a break) and its server error: text,
// not `type=time`, since the shared rules read what was typed ('930' typed on a phone's number pad,
// '25:99' to be named) and round it on blur (spec §4.4).

export interface TimeInputProps {
  name: string;
  label: string;
  value: string;
  disabled: boolean;
  error: string | undefined;
  /** A message shown elsewhere (a day's row message) that this input is the subject of. */
  describedBy?: string | undefined;
  onChange: (value: string) => void;
  onBlur: (value: string) => void;
}

export function TimeInput({
  name,
  label,
  value,
  disabled,
  error,
  describedBy,
  onChange,
  onBlur,
}: TimeInputProps) {
  const errorId = `${name}-error`;
  const described = error ? errorId : describedBy;
  return (
    <>
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
        aria-invalid={described ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => onBlur(event.target.value)}
      />
      {error ? (
        <span className="ae-cell-error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
