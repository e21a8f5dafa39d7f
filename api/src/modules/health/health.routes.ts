// Liveness and readiness (issue 39). Liveness (/api/health/) stays cheap: the process answers; it asks
// nothing of the database, so a database outage takes the server out of rotation (readiness) without
// an orchestrator restarting it. Readiness (/api/health/ready/) runs every check of readiness.ts and answers 503
// naming each failing one; load balancers and monitors poll it.
import { ZHealth, ZReadiness, type THealth, type TReadiness } from '@portal/shared/contracts/health';
import { health } from '@portal/shared/endpoints/health';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { requestLog } from '../../middleware/request-logger.ts';
import { checkReadiness } from './readiness.ts';

export const healthModule = moduleOf('health', health, (deps) => {
  const on = endpointRouter(deps);
  route(on, health.check, { answer: ZHealth }, (): THealth => ({ status: 'ok' }));
  route(on, health.ready, { answer: ZReadiness }, async ({ req, res }): Promise<TReadiness> => {
    const answer = await checkReadiness({
      db: deps.db,
      queuePrefix: deps.config.bot.queuePrefix,
      outboxMaxAgeSeconds: deps.config.readiness.outboxMaxAgeSeconds,
      botHeartbeatMaxAgeSeconds: deps.config.readiness.botHeartbeatMaxAgeSeconds,
      ...deps.readiness,
    });
    if (answer.status !== 'ok') {
      requestLog(req).warn({ failing: answer.failing }, 'not ready');
      res.status(503);
    }
    return answer;
  });
  return on.router;
});
