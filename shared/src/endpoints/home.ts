// The home module's endpoint (api/src/modules/home/): /home's cards in one request.
import type { THome } from '../contracts/home.ts';
import { endpoint, io } from './endpoint.ts';

export const home = {
  get: endpoint('get', '/api/home/', io<{ answer: THome }>()),
} as const;
