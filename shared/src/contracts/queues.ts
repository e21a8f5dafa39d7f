import { z } from 'zod';

/** POST /api/admin/queues/session/: where the queue dashboard is, once its cookie is set. */
export const ZQueueBoardSession = z.object({ url: z.string() });
export type TQueueBoardSession = z.infer<typeof ZQueueBoardSession>;
