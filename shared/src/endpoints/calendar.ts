// The calendar module's endpoint (api/src/modules/calendar/): a month's 所定労働日.
import type { TBusinessDays } from '../contracts/calendar.ts';
import { endpoint, io } from './endpoint.ts';

export const calendar = {
  businessDays: endpoint('get', '/api/task/business-days/:year/:month/', io<{ answer: TBusinessDays }>()),
} as const;
