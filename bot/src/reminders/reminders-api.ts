// The API's reminder routes (api/src/modules/bot/reminders.routes.ts).
import {
  ZBotBusinessDays,
  ZBotUnsubmittedAttendance,
  type TBotUnsubmittedAttendance,
} from '@portal/shared/contracts/bot-reminders';
import { bot } from '@portal/shared/endpoints/bot';
import { callEndpoint, type ServiceEndpoint } from '../api/service-call.ts';
import type { YearMonth } from './reminder-days.ts';

export interface RemindersApi {
  businessDays(month: YearMonth): Promise<string[]>;
  unsubmitted(month: YearMonth): Promise<TBotUnsubmittedAttendance>;
}

export function apiReminders(endpoint: ServiceEndpoint): RemindersApi {
  return {
    async businessDays({ year, month }) {
      const { dates } = await callEndpoint(endpoint, bot.businessDays, ZBotBusinessDays, { year, month });
      return dates;
    },
    unsubmitted: ({ year, month }) =>
      callEndpoint(endpoint, bot.unsubmittedAttendance, ZBotUnsubmittedAttendance, { year, month }),
  };
}
