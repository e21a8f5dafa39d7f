import { ZEmployeePage, ZEmployeesQuery } from '@portal/shared/contracts/employees';
import { employees } from '@portal/shared/endpoints/employees';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import { listEmployees } from './list-employees.ts';

/** Every signed-in employee may see the organisation chart and its people. */
export const employeesModule = moduleOf('employees', employees, (deps) => {
  const on = endpointRouter(deps);
  route(
    on,
    employees.list,
    { query: ZEmployeesQuery, answer: ZEmployeePage },
    async ({ ctx, query, req }) => {
      const page = await listEmployees({ ctx, input: query });
      const { query: text, organization, below } = query;
      return pageEnvelope(req, {
        number: query.page,
        filters: { query: text, organization: organization?.toString(), below },
        ...page,
      });
    },
  );
  return on.router;
});
