// The devices module's endpoint (api/src/modules/devices/): a phone registers for push.
import type { TPushDevice, TPushDeviceRequest } from '../contracts/devices.ts';
import { endpoint, io } from './endpoint.ts';

export const devices = {
  register: endpoint(
    'post',
    '/api/firebase-devices/',
    io<{ body: TPushDeviceRequest; answer: TPushDevice }>(),
  ),
} as const;
