import type { TUploadCheck } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { api } from '@/lib/api-client.ts';

/** POST expense/upload/check/: the file read and checked against the masters; nothing is written. */
export const checkUpload = (body: TUploadCheck) => api.call(slips.checkUpload, {}, body);
