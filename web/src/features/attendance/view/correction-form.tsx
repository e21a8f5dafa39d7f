import { useMemo, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useNavigate } from 'react-router-dom';
import { ATTENDANCE_DAY_ERROR_MESSAGES } from '@portal/shared/attendance/errors';
import {
  applyDayType,
  roundEndOnBlur,
  roundStartOnBlur,
  selectableDayTypes,
  timesEditable,
} from '@portal/shared/attendance/form-rules';
import type { TAttendanceFormDay } from '@portal/shared/attendance/form-state';
import { computeAttendanceTabs, type TAttendanceTabs } from '@portal/shared/attendance/merge';
import type { TAttendanceDetails } from '@portal/shared/contracts/attendance';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { reportViewPath } from './paths.ts';
import { useSaveCorrection } from './api/save-correction.ts';
import { correctionErrors, type CorrectionError } from './correction-errors.ts';
import { formatMinutes, monthLabel, weekdayLabel } from './format.ts';
import { typeLabel } from './sheet-rows.ts';
import { TotalsTable } from './totals-table.tsx';
import './attendance-view.css';

type EditSet = 'first' | 'second';
const SETS: { value: EditSet; label: string }[] = [
  { value: 'second', label: '現場勤怠' },
  { value: 'first', label: '社内勤怠' },
];
const setLabel = (set: EditSet) => SETS.find((s) => s.value === set)?.label ?? '';

export const SAVE_BUTTON = '保存';

function sameDay(a: TAttendanceFormDay | undefined, b: TAttendanceFormDay | undefined): boolean {
  return a?.type === b?.type && a?.start === b?.start && a?.end === b?.end;
}

/**
 * HR's correction of an approved 勤怠報告: pick a tab and a day, change its type and times (the
 * entry form's rules and 15-minute rounding apply), watch the figures, and save the whole report.
 * The API keeps the previous version and records who edited it and when.
 */
export function CorrectionForm({ details }: { details: TAttendanceDetails }) {
  const navigate = useNavigate();
  const save = useSaveCorrection(details.task_id);
  const [days, setDays] = useState({ first: details.first.days, second: details.second.days });
  const [remark, setRemark] = useState(details.remark);
  const [set, setSet] = useState<EditSet>('second');
  const [dayOfMonth, setDayOfMonth] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<CorrectionError[]>([]);

  const tabs: TAttendanceTabs = useMemo(
    () => ({
      year: details.year,
      month: details.month,
      calendar: details.calendar,
      first: { settings: details.first.settings, days: days.first },
      second: { settings: details.second.settings, days: days.second },
    }),
    [details, days],
  );
  const results = useMemo(() => computeAttendanceTabs(tabs), [tabs]);

  const index = dayOfMonth - 1;
  const day = days[set][index];
  const settings = details[set].settings;
  const contract = { start: settings.work_start_time, end: settings.work_end_time };
  const date = `${details.year}-${String(details.month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
  const figures = results[set].days.find((d) => d.date === date) ?? null;
  const changed = (['second', 'first'] as const).flatMap((s) =>
    days[s].flatMap((d, i) => (sameDay(d, details[s].days[i]) ? [] : [{ set: s, day: i + 1 }])),
  );

  const update = (next: TAttendanceFormDay) =>
    setDays((current) => ({
      ...current,
      [set]: current[set].map((d, i) => (i === index ? next : d)),
    }));

  const submit = async () => {
    try {
      await save.mutateAsync({
        first: { settings: details.first.settings, days: days.first },
        second: { settings: details.second.settings, days: days.second },
        remark,
      });
      toastSuccess(SUCCESS.saved);
      navigate(reportViewPath(details.task_id));
    } catch (error) {
      setConfirming(false);
      const placed = correctionErrors(error);
      setErrors(placed);
      if (placed.length === 0) toastError(error);
    }
  };

  return (
    <div className="att-correction" data-testid="attendance-correction">
      <h3 className="att-view__title">
        <span>{monthLabel(details.year, details.month)}</span>
        <span className="att-view__applicant">
          {details.employee.name}（{details.employee.code}）
        </span>
      </h3>
      {errors.length > 0 ? (
        <ul className="att-correction__errors" role="alert" data-testid="correction-errors">
          {errors.map((error) => (
            <li key={error.key}>
              {error.day !== null && error.set !== 'merged' && error.set !== null ? (
                <button
                  type="button"
                  className="att-correction__error-link"
                  onClick={() => {
                    setSet(error.set as EditSet);
                    setDayOfMonth(error.day ?? 1);
                  }}
                >
                  {error.text}
                </button>
              ) : (
                error.text
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <fieldset className="att-correction__pick">
        <legend className="visually-hidden">修正する日</legend>
        <label className="att-field">
          <span>勤怠</span>
          <select name="set" value={set} onChange={(event) => setSet(event.target.value as EditSet)}>
            {SETS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="att-field">
          <span>日</span>
          <select
            name="day"
            value={dayOfMonth}
            onChange={(event) => setDayOfMonth(Number(event.target.value))}
          >
            {days[set].map((d, i) => (
              <option key={i} value={i + 1}>
                {i + 1}日（{weekdayLabel(details.year, details.month, i + 1)}）{typeLabel(d.type)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {day ? (
        <fieldset className="att-correction__day" data-testid="correction-day" disabled={day.locked}>
          <legend>
            {setLabel(set)} {dayOfMonth}日（{weekdayLabel(details.year, details.month, dayOfMonth)}）
            {day.locked ? <span className="muted">（入力不可の日）</span> : null}
          </legend>
          <label className="att-field">
            <span>勤務区分</span>
            <select
              name="type"
              value={day.type}
              onChange={(event) => update(applyDayType(day, event.target.value, contract, set))}
            >
              <option value="">======</option>
              {selectableDayTypes(set).map((type) => (
                <option key={type.value} value={type.value}>
                  {type.value} {type.label}
                </option>
              ))}
            </select>
          </label>
          <label className="att-field">
            <span>開始</span>
            <input
              type="time"
              name="start"
              step={900}
              value={day.start}
              disabled={!timesEditable(day)}
              onChange={(event) => update({ ...day, start: event.target.value })}
              onBlur={(event) => update({ ...day, start: roundStartOnBlur(event.target.value) })}
            />
          </label>
          <label className="att-field">
            <span>終了</span>
            <input
              type="time"
              name="end"
              step={900}
              value={day.end}
              disabled={!timesEditable(day)}
              onChange={(event) => update({ ...day, end: event.target.value })}
              onBlur={(event) => update({ ...day, end: roundEndOnBlur(event.target.value) })}
            />
          </label>
          <dl className="att-correction__figures" data-testid="correction-figures">
            <div>
              <dt>基本時間</dt>
              <dd>{formatMinutes(figures?.basic_time ?? 0)}</dd>
            </div>
            <div>
              <dt>早出・残業</dt>
              <dd>{formatMinutes((figures?.early ?? 0) + (figures?.over ?? 0))}</dd>
            </div>
            <div>
              <dt>深夜</dt>
              <dd>{formatMinutes(figures?.night_over ?? 0)}</dd>
            </div>
            <div>
              <dt>合計</dt>
              <dd>{formatMinutes(figures?.total_time ?? 0)}</dd>
            </div>
          </dl>
          {figures?.error ? (
            <p className="att-day__error" role="alert">
              {ATTENDANCE_DAY_ERROR_MESSAGES[figures.error]}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <p className="att-correction__changed" data-testid="correction-changed">
        変更した日：
        {changed.length === 0 ? 'なし' : changed.map((c) => `${setLabel(c.set)} ${c.day}日`).join('、')}
      </p>
      <label className="att-field att-field--wide">
        <span>備考</span>
        <textarea
          name="remark"
          rows={3}
          maxLength={1000}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </label>
      <TotalsTable totals={results[set].totals} caption={`${setLabel(set)}の合計`} />
      <TotalsTable totals={results.merged.totals} caption="合併勤怠の合計" />
      <div className="att-correction__actions">
        <Button onClick={() => navigate(reportViewPath(details.task_id))}>キャンセル</Button>
        <Button
          theme="solid"
          disabled={changed.length === 0 && remark === details.remark}
          onClick={() => setConfirming(true)}
        >
          {SAVE_BUTTON}
        </Button>
      </div>
      <ConfirmDialog
        visible={confirming}
        title="勤怠の修正"
        message={CONFIRM.save}
        okText="保存する"
        onCancel={() => setConfirming(false)}
        onConfirm={submit}
      />
    </div>
  );
}
