// GET /api/openapi.json: the same for everyone and changed only by a deployment, so shared caches may
// keep it a while (the rest of /api is per user and no-store).
import { openapi } from '@portal/shared/endpoints/openapi';
import { moduleOf } from '../../api-module.ts';
import { openApiDocument } from '../../http/openapi.ts';
import { endpointRouter, route } from '../../http/route.ts';

export const openapiModule = moduleOf('openapi', openapi, (deps) => {
  const on = endpointRouter(deps);
  let document: Record<string, unknown> | undefined;
  route(on, openapi.document, {}, ({ res }) => {
    // Built on the first call, when every module has mounted its entries.
    document ??= openApiDocument();
    res.setHeader('Cache-Control', 'public, max-age=3600');
    return document;
  });
  return on.router;
});
