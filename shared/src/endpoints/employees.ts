// The employees module's endpoint (api/src/modules/employees/): the organisation chart's people.
import type { TEmployeePage, TEmployeesQuery } from '../contracts/employees.ts';
import { endpoint, io } from './endpoint.ts';

export const employees = {
  list: endpoint('get', '/api/employees/', io<{ query: Partial<TEmployeesQuery>; answer: TEmployeePage }>()),
} as const;
