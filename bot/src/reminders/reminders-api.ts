// The API's reminder routes (api/src/modules/bot/reminders.routes.ts).
import {
  ZBotBusinessDays,
  ZBotUnsubmittedAttendance,
  type TBotUnsubmittedAttendance,
} from '@portal/shared/contracts/bot-reminders';
import { serviceCall, type ServiceEndpoint } from '../api/service-call.ts';
import type { YearMonth } from './reminder-days.ts';

export interface RemindersApi {
  businessDays(month: YearMonth): Promise<string[]>;
  unsubmitted(month: YearMonth): Promise<TBotUnsubmittedAttendance>;
}

export function apiReminders(endpoint: ServiceEndpoint): RemindersApi {
  return {
    async businessDays({ year, month }) {
      const { dates } = await serviceCall(
        endpoint,
        ZBotBusinessDays,
        'GET',
        `/bot/business-days/${year}/${month}/`,
      );
      return dates;
    },
    unsubmitted: ({ year, month }) =>
      serviceCall(
        endpoint,
        ZBotUnsubmittedAttendance,
        'GET',
        `/bot/attendance/unsubmitted/${year}/${month}/`,
      ),
  };
}
