// The health module's endpoint (api/src/modules/health/): public liveness and readiness.
import { endpoint, io } from './endpoint.ts';

export interface THealth {
  status: 'ok' | 'unavailable';
}

export const health = {
  check: endpoint('get', '/api/health/', io<{ answer: THealth }>(), { caller: 'public' }),
} as const;
