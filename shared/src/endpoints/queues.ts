// The staff queue dashboard (docs/bot.md "Queue dashboard"). The board is @bull-board's own page under
// QUEUE_BOARD_PAGE, outside the table: its requests carry no Authorization header, so this door first
// sets the caller's access token as a cookie scoped to the board's path.
import type { TQueueBoardSession } from '../contracts/queues.ts';
import { endpoint, io } from './endpoint.ts';

/** The board's page (not an endpoint of the table: @bull-board answers everything under it). */
export const QUEUE_BOARD_PAGE = '/api/admin/queues/';

export const queues = {
  session: endpoint('post', '/api/admin/queues/session/', io<{ answer: TQueueBoardSession }>(), {
    staff: true,
  }),
} as const;
