// Task transitions (outbox topic `task.<action>`): approval cards to whoever a node now awaits,
// card updates for nodes that were handled, and the applicant's result message.
import type { TTaskEventAction } from '@portal/shared/contracts/bot-jobs';
import type { EventHandler } from '../worker.ts';

export const taskEventHandlers: {
  readonly [A in TTaskEventAction as `task.${A}`]?: EventHandler<`task.${A}`>;
} = {};
