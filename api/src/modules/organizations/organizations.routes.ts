import { z } from 'zod';
import { ZOrganization } from '@portal/shared/contracts/organizations';
import { organizations } from '@portal/shared/endpoints/organizations';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { listOrganizations } from './organizations.service.ts';

export const organizationsModule = moduleOf('organizations', organizations, (deps) => {
  const on = endpointRouter(deps);
  route(on, organizations.list, { answer: z.array(ZOrganization) }, ({ ctx }) => listOrganizations({ ctx }));
  return on.router;
});
