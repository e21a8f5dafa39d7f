import { misorderedBreaks, type TSettingsTimeField } from '@portal/shared/attendance/form-rules';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import { useEntry, useEntryStore } from '../model/entry-context.tsx';
import { fieldName, type TTimeEnd } from '../model/entry-store.ts';
import { breakErrorKey, settingsErrorKey } from '../model/month-data.ts';
import { normaliseTimeText } from '../model/time-text.ts';
import { TimeInput, type TimeInputProps } from './time-input.tsx';

/** The settings table of spec §2.5, as pairs of times. */
const PERIODS: readonly { label: string; start: TSettingsTimeField; end: TSettingsTimeField }[] = [
  { label: '基本勤務時間', start: 'work_start_time', end: 'work_end_time' },
  { label: '早出時間', start: 'early_start', end: 'early_end' },
  { label: '残業時間', start: 'start_overtime', end: 'end_overtime' },
  { label: '深夜時間', start: 'late_start', end: 'late_end_time' },
  { label: '昼休憩', start: 'lunch_start_time', end: 'lunch_end_time' },
];

/** A setting's time rounds itself on blur. */
type SettingsInputProps = Omit<TimeInputProps, 'onBlur'>;

function SettingsInput({ onChange, ...input }: SettingsInputProps) {
  return (
    <span className="ae-settings__input">
      <TimeInput
        {...input}
        onChange={onChange}
        onBlur={(typed) => {
          const normal = normaliseTimeText(typed);
          if (normal !== typed) onChange(normal);
        }}
      />
    </span>
  );
}

/** A tab's own settings (spec §2.6: each tab has its own); typing the work hours copies them (§4.4). */
export function SettingsPanel({ set, readOnly }: { set: TFormSet; readOnly: boolean }) {
  const store = useEntryStore();
  const settings = useEntry((state) => state.settings[set]);
  const serverErrors = useEntry((state) => state.serverErrors);
  const settingsError = useEntry((state) => state.settingsError);
  const setTime = (field: TSettingsTimeField, value: string) => {
    const state = store.getState();
    state.setSettingsTime(set, field, value);
    state.clearServerError(settingsErrorKey(set, field));
  };
  const setBreak = (index: number, end: TTimeEnd, value: string) => {
    const state = store.getState();
    state.setBreakTime(set, index, end, value);
    state.clearServerError(breakErrorKey(set, index, end));
  };
  const errorOf = (name: string) => serverErrors[name]?.[0];
  // The break rule the API checks (a break ends after it starts), named as it is typed.
  const misordered = misorderedBreaks(settings, settings.breaks);
  const breakEndError = (index: number) =>
    errorOf(breakErrorKey(set, index, 'end')) ??
    (misordered.includes(index) ? ATTENDANCE_MSG.breakOrder : undefined);

  return (
    <details className="ae-settings" data-testid={`attendance-settings-${set}`}>
      <summary>
        勤務時間の設定
        {misordered.length > 0 || settingsError ? (
          <span className="ae-settings__flag">（入力に誤りがあります）</span>
        ) : null}
      </summary>
      {settingsError ? (
        <p className="ae-settings__error" role="alert">
          {settingsError}（集計は直前の設定で表示しています）
        </p>
      ) : null}
      <dl className="ae-settings__list">
        {PERIODS.map((period) => (
          <div className="ae-settings__row" key={period.label}>
            <dt>{period.label}</dt>
            <dd>
              <SettingsInput
                name={fieldName(period.start, set)}
                label={`${period.label} 開始`}
                value={settings[period.start]}
                disabled={readOnly}
                error={errorOf(settingsErrorKey(set, period.start))}
                onChange={(value) => setTime(period.start, value)}
              />
              <span aria-hidden="true">〜</span>
              <SettingsInput
                name={fieldName(period.end, set)}
                label={`${period.label} 終了`}
                value={settings[period.end]}
                disabled={readOnly}
                error={errorOf(settingsErrorKey(set, period.end))}
                onChange={(value) => setTime(period.end, value)}
              />
            </dd>
          </div>
        ))}
        {settings.breaks.map((period, index) => {
          const label = `休憩${index + 1}`;
          const startName = fieldName(`break_start_time_${index + 1}`, set);
          const endName = fieldName(`break_end_time_${index + 1}`, set);
          return (
            <div className="ae-settings__row" key={label}>
              <dt>{label}</dt>
              <dd>
                <SettingsInput
                  name={startName}
                  label={`${label} 開始`}
                  value={period.start}
                  disabled={readOnly}
                  error={errorOf(breakErrorKey(set, index, 'start'))}
                  onChange={(value) => setBreak(index, 'start', value)}
                />
                <span aria-hidden="true">〜</span>
                <SettingsInput
                  name={endName}
                  label={`${label} 終了`}
                  value={period.end}
                  disabled={readOnly}
                  error={breakEndError(index)}
                  onChange={(value) => setBreak(index, 'end', value)}
                />
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}
