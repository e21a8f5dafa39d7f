// The proxies module's endpoints (api/src/modules/proxies/): 代理承認者 and the approver choices.
import type { TChoice, TChoiceQuery } from '../contracts/choices.ts';
import type { TPage, TPageQuery } from '../contracts/pagination.ts';
import type { TProxy, TProxyRequest } from '../contracts/proxies.ts';
import { endpoint, io } from './endpoint.ts';

export const proxies = {
  list: endpoint('get', '/api/account/proxies/', io<{ query: Partial<TPageQuery>; answer: TPage<TProxy> }>()),
  create: endpoint('post', '/api/account/proxies/', io<{ body: TProxyRequest; answer: TProxy }>()),
  get: endpoint('get', '/api/account/proxies/:id/', io<{ answer: TProxy }>()),
  replace: endpoint('put', '/api/account/proxies/:id/', io<{ body: TProxyRequest; answer: TProxy }>()),
  delete: endpoint('delete', '/api/account/proxies/:id/', io<{ answer: void }>()),
  approverChoices: endpoint(
    'get',
    '/api/approvers/choice/',
    io<{ query: Partial<TChoiceQuery>; answer: TChoice[] }>(),
  ),
} as const;
