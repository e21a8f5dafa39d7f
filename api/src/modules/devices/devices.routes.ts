import { Router, type RequestHandler } from 'express';
import { ZPushDeviceRequest } from '@portal/shared/contracts/devices';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody } from '../../middleware/validate.ts';
import { registerDevice } from './devices.service.ts';

export const devicesModule: ApiModule = {
  name: 'devices',
  prefixes: ['/firebase-devices'],
  router: devicesRouter,
};

function devicesRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();
  router
    .route('/firebase-devices')
    .post(requireAuth, async (req, res) => {
      const input = parseBody(ZPushDeviceRequest, req);
      const { created, device } = await registerDevice({ ctx: contextOf(req), input });
      res.status(created ? 201 : 200).json(device);
    })
    .all(methodNotAllowed);
  return router;
}
