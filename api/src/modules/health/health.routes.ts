// Public liveness and readiness in one: 200 only when the database answers. Load balancers and the
// test harness poll it; it says nothing about the deployment beyond "ok".
import { Router } from 'express';
import type { ApiModule } from '../../api-module.ts';
import type { Db } from '../../db/client.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { requestLog } from '../../middleware/request-logger.ts';
import { pingDatabase } from './health.repository.ts';

export const healthModule: ApiModule = { name: 'health', prefixes: ['/health'], router: healthRouter };

function healthRouter({ db }: { db: Db }): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (req, res) => {
      try {
        await pingDatabase(db);
        res.json({ status: 'ok' });
      } catch (error) {
        requestLog(req).error({ err: error }, 'health check: database unreachable');
        res.status(503).json({ status: 'unavailable' });
      }
    })
    .all(methodNotAllowed);
  return router;
}
