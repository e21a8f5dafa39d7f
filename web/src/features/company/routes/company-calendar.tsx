import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { MonthField } from '@/components/form/month-field.tsx';
import { useMonthParam } from '@/lib/month-param.ts';
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
  const [month, setMonth] = useMonthParam();
  const calendar = useCompanyCalendar();

  return (
    <Page headingId="company-calendar-heading">
      <QueryState query={calendar}>
        {(data) => (
          <>
            <CalendarImages files={data.file_calendar} canEdit={data.can_edit} />
            {data.can_edit ? <CalendarUpload /> : null}
            <h3 className="calendar-section">月別の所定労働日</h3>
            <div className="calendar-toolbar">
              <MonthField value={month} onChange={setMonth} />
            </div>
            <BusinessDaysMonth
              year={month.year}
              month={month.month}
              legalWeekday={data.settings.legal_holiday_weekday}
            />
            {data.can_edit ? (
              <>
                <h3 className="calendar-section">カレンダーの設定</h3>
                <CalendarSettingsForm key={JSON.stringify(data.settings)} settings={data.settings} />
              </>
            ) : null}
          </>
        )}
      </QueryState>
    </Page>
  );
}
