// Public liveness and readiness in one: 200 only when the database answers. Load balancers and the
// test harness poll it; it says nothing about the deployment beyond "ok".
import { ZHealth, type THealth } from '@portal/shared/contracts/health';
import { health } from '@portal/shared/endpoints/health';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { requestLog } from '../../middleware/request-logger.ts';
import { pingDatabase } from './health.repository.ts';

export const healthModule = moduleOf('health', health, (deps) => {
  const on = endpointRouter(deps);
  route(on, health.check, { answer: ZHealth }, async ({ req, res }): Promise<THealth> => {
    try {
      await pingDatabase(deps.db);
      return { status: 'ok' };
    } catch (error) {
      requestLog(req).error({ err: error }, 'health check: database unreachable');
      res.status(503);
      return { status: 'unavailable' };
    }
  });
  return on.router;
});
