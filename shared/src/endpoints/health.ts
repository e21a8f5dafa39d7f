// The health module's endpoints (api/src/modules/health/): public liveness and readiness.
import type { THealth, TReadiness } from '../contracts/health.ts';
import { endpoint, io } from './endpoint.ts';

export const health = {
  check: endpoint('get', '/api/health/', io<{ answer: THealth }>(), { caller: 'public' }),
  ready: endpoint('get', '/api/health/ready/', io<{ answer: TReadiness }>(), { caller: 'public' }),
} as const;
