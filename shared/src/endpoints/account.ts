// The account module's endpoints (api/src/modules/account/). Types still to be named: see docs/structure.md.
import { endpoint, io } from './endpoint.ts';

export const account = {
  postAccountMe: endpoint('post', '/api/account/me/', io<{ answer: unknown }>()),
  postAccountPassword: endpoint('post', '/api/account/password/', io<{ answer: unknown }>()),
  getAccountStatistics: endpoint('get', '/api/account/statistics/', io<{ answer: unknown }>()),
  getAccountTaskStatistics: endpoint('get', '/api/account/task/statistics/', io<{ answer: unknown }>()),
} as const;
