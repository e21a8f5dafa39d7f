// The health module's endpoint (api/src/modules/health/): public liveness and readiness.
import type { THealth } from '../contracts/health.ts';
import { endpoint, io } from './endpoint.ts';

export const health = {
  check: endpoint('get', '/api/health/', io<{ answer: THealth }>(), { caller: 'public' }),
} as const;
