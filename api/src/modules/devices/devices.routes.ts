import { ZPushDevice, ZPushDeviceRequest } from '@portal/shared/contracts/devices';
import { devices } from '@portal/shared/endpoints/devices';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { registerDevice } from './devices.service.ts';

export const devicesModule = moduleOf('devices', devices, (deps) => {
  const on = endpointRouter(deps);
  route(
    on,
    devices.register,
    { body: ZPushDeviceRequest, answer: ZPushDevice },
    async ({ ctx, body, res }) => {
      const { created, device } = await registerDevice({ ctx, input: body });
      res.status(created ? 201 : 200);
      return device;
    },
  );
  return on.router;
});
