// The API's own description (api/src/http/openapi.ts), public so integrators read it without signing in.
import { endpoint, io } from './endpoint.ts';

export const openapi = {
  document: endpoint('get', '/api/openapi.json', io<{ answer: Record<string, unknown> }>(), {
    caller: 'public',
  }),
} as const;
