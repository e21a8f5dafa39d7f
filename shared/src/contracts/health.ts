import { z } from 'zod';

/** GET /api/health/: 200 with ok when the database answers, 503 with unavailable when not. */
export const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealth = z.infer<typeof ZHealth>;
