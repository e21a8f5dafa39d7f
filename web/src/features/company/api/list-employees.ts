import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TEmployeesQuery } from '@portal/shared/contracts/employees';
import { employees } from '@portal/shared/endpoints/employees';
import { api } from '@/lib/api-client.ts';

export type EmployeesFilter = Partial<TEmployeesQuery>;

export const listEmployees = (filter: EmployeesFilter) =>
  api.call(employees.list, {}, undefined, { query: filter });

/** The chart's people: an organisation's members, or the whole company's matches for a search. */
export const useEmployees = (filter: EmployeesFilter, enabled = true) =>
  useQuery({
    queryKey: ['employees', filter],
    queryFn: () => listEmployees(filter),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
