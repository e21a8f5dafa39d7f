// The organizations module's endpoint (api/src/modules/organizations/).
import type { TOrganization } from '../contracts/organizations.ts';
import { endpoint, io } from './endpoint.ts';

export const organizations = {
  list: endpoint('get', '/api/organizations/', io<{ answer: TOrganization[] }>()),
} as const;
