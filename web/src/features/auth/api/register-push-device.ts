import type { TPushDevice, TPushDeviceRequest } from '@portal/shared/contracts/devices';
import { api } from '@/lib/api-client.ts';

export const registerPushDevice = (body: TPushDeviceRequest) =>
  api.post<TPushDevice>('/firebase-devices/', body);
