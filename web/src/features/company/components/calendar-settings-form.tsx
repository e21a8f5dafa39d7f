import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import type { TCompanyCalendarSettings } from '@portal/shared/contracts/calendar';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useUpdateCompanyCalendar } from '../api/update-company-calendar.ts';

export const WEEKDAYS = ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日'] as const;

/**
 * The company calendar's settings, for those who may change them: the 法定休日 weekday (Sunday by
 * default) and the company's own days off. National holidays come from the holiday library.
 */
export function CalendarSettingsForm({ settings }: { settings: TCompanyCalendarSettings }) {
  const update = useUpdateCompanyCalendar();
  const [weekday, setWeekday] = useState(settings.legal_holiday_weekday);
  const [daysOff, setDaysOff] = useState<string[]>([...settings.days_off].sort());
  const [adding, setAdding] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(adding) || daysOff.includes(adding)) return;
    setDaysOff([...daysOff, adding].sort());
    setAdding('');
  };
  const save = async () => {
    try {
      await update.mutateAsync({ legal_holiday_weekday: weekday, days_off: daysOff });
      setErrors([]);
      toastSuccess(SUCCESS.saved);
    } catch (error) {
      const fields = isApiError(error) ? Object.values(error.fieldErrors).flat() : [];
      setErrors(fields);
      if (fields.length === 0) toastError(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="calendar-settings" data-testid="calendar-settings">
      <label className="calendar-field">
        <span>法定休日の曜日</span>
        <select
          name="legal_holiday_weekday"
          value={weekday}
          onChange={(event) => setWeekday(Number(event.target.value))}
        >
          {WEEKDAYS.map((label, value) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="calendar-days-off">
        <legend>会社休日（年末年始・夏季休暇など）</legend>
        {daysOff.length === 0 ? <p className="calendar-state">登録されていません。</p> : null}
        <ul>
          {daysOff.map((date) => (
            <li key={date} data-testid="day-off">
              <span>{date}</span>
              <Button
                size="small"
                aria-label={`${date} を外す`}
                onClick={() => setDaysOff(daysOff.filter((d) => d !== date))}
              >
                外す
              </Button>
            </li>
          ))}
        </ul>
        <div className="calendar-days-off__add">
          <input
            type="date"
            name="day_off"
            aria-label="追加する会社休日"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          />
          <Button onClick={add} disabled={adding === ''}>
            追加
          </Button>
        </div>
      </fieldset>
      {errors.length > 0 ? (
        <ul className="form-field__error" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <Button theme="solid" onClick={() => setConfirming(true)}>
        保存
      </Button>
      <ConfirmDialog
        visible={confirming}
        title="会社カレンダーの設定"
        message={CONFIRM.save}
        okText="保存する"
        onCancel={() => setConfirming(false)}
        onConfirm={save}
      />
    </div>
  );
}
