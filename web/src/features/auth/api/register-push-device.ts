import type { TPushDeviceRequest } from '@portal/shared/contracts/devices';
import { devices } from '@portal/shared/endpoints/devices';
import { api } from '@/lib/api-client.ts';

export const registerPushDevice = (body: TPushDeviceRequest) => api.call(devices.register, {}, body);
