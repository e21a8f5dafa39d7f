import { z } from 'zod';
import { ZChoice, ZChoiceQuery } from '@portal/shared/contracts/choices';
import { zPage } from '@portal/shared/contracts/pagination';
import { ZProxy, ZProxyListQuery } from '@portal/shared/contracts/proxies';
import { proxies } from '@portal/shared/endpoints/proxies';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import { approverChoices } from './approver-choices.ts';
import { createProxy, deleteProxy, getProxy, listProxies, replaceProxy } from './proxies.service.ts';

// The writes hand the body to the service as sent: it parses it after its own checks.
export const proxiesModule = moduleOf('proxies', proxies, (deps) => {
  const on = endpointRouter(deps);
  route(on, proxies.list, { query: ZProxyListQuery, answer: zPage(ZProxy) }, async ({ ctx, query, req }) => {
    const page = await listProxies({ ctx, input: query });
    return pageEnvelope(req, { number: query.page, filters: {}, ...page });
  });
  route(on, proxies.create, { status: 201, answer: ZProxy }, ({ ctx, body }) =>
    createProxy({ ctx, input: body }),
  );
  route(on, proxies.get, { answer: ZProxy }, ({ ctx, params }) => getProxy({ ctx, input: params }));
  route(on, proxies.replace, { answer: ZProxy }, ({ ctx, params, body }) =>
    replaceProxy({ ctx, input: { id: params.id, body } }),
  );
  route(on, proxies.delete, { status: 204 }, ({ ctx, params }) => deleteProxy({ ctx, input: params }));
  route(on, proxies.approverChoices, { query: ZChoiceQuery, answer: z.array(ZChoice) }, ({ ctx, query }) =>
    approverChoices({ ctx, input: query }),
  );
  return on.router;
});
