import { z } from 'zod';

/** POST /api/firebase-devices/ — one row per token; `user` must be the caller. */
export const ZPushDeviceRequest = z.object({
  token: z.string().trim().min(1).max(4096),
  description: z.string().max(255).default(''),
  user: z.number().int().positive().optional(),
});
export type TPushDeviceRequest = z.infer<typeof ZPushDeviceRequest>;

export const ZPushDevice = z.object({
  id: z.number().int(),
  token: z.string(),
  description: z.string(),
  user: z.number().int(),
});
export type TPushDevice = z.infer<typeof ZPushDevice>;
