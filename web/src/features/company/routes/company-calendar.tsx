import Spin from '@douyinfe/semi-ui/lib/es/spin';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { monthValue, parseMonthValue, readMonth } from '@/lib/month-param.ts';
import { useCompanyCalendar } from '../api/get-company-calendar.ts';
import { BusinessDaysMonth } from '../components/business-days-month.tsx';
import { CalendarImages } from '../components/calendar-images.tsx';
import { CalendarSettingsForm } from '../components/calendar-settings-form.tsx';
import { CalendarUpload } from '../components/calendar-upload.tsx';
import '../components/company-calendar.css';

/**
 * /company/calendar: the company calendar's images (spec §2.9, §3.7) and a month of business days
 * (?month=YYYY-MM). Those who may change the calendar also set the 法定休日 weekday and the company
 * days off, and add or delete images.
 */
export default function CompanyCalendarRoute() {
  const title = usePageTitle();
  const [params, setParams] = useSearchParams();
  const month = readMonth(params);
  const calendar = useCompanyCalendar();

  return (
    <section className="page" aria-labelledby="company-calendar-heading">
      <h2 className="page__heading" id="company-calendar-heading">
        {title}
      </h2>
      {calendar.isPending ? (
        <Spin />
      ) : calendar.isError ? (
        <p role="alert">{errorMessages(calendar.error).join(' ')}</p>
      ) : (
        <>
          <CalendarImages files={calendar.data.file_calendar} canEdit={calendar.data.can_edit} />
          {calendar.data.can_edit ? <CalendarUpload /> : null}
          <h3 className="calendar-section">月別の所定労働日</h3>
          <div className="calendar-toolbar">
            <label className="calendar-field">
              <span>対象月</span>
              <input
                type="month"
                name="month"
                value={monthValue(month)}
                onChange={(event) => {
                  const next = parseMonthValue(event.target.value);
                  if (next) setParams({ month: monthValue(next) }, { replace: true });
                }}
              />
            </label>
          </div>
          <BusinessDaysMonth
            year={month.year}
            month={month.month}
            legalWeekday={calendar.data.settings.legal_holiday_weekday}
          />
          {calendar.data.can_edit ? (
            <>
              <h3 className="calendar-section">カレンダーの設定</h3>
              <CalendarSettingsForm
                key={JSON.stringify(calendar.data.settings)}
                settings={calendar.data.settings}
              />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
