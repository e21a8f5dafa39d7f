// Lark users found by e-mail (bot credential only, api/src/modules/bot/lark-users.routes.ts).
// architecture.md: the bot maps a portal user to a Lark user by the open_id stored at Lark sign-in,
// or else by looking the account's e-mail address up in Lark. The API offers that address (the
// `lookup_email` beside each `open_id` it gives the bot) only for a user with no Lark user stored
// whose address no other account shares; the bot stores what it found here, so each user is looked
// up once, and remembers the addresses Lark did not know for a while (docs/bot.md).
import { z } from 'zod';

export const ZBotLarkUserFound = z.object({
  user_id: z.number().int().positive(),
  /** The address looked up: stored only while it still is the account's (case-insensitive). */
  email: z.string().trim().min(1).max(254),
  open_id: z.string().trim().min(1).max(64),
  /** Lark's tenant user_id (the Approval Center's quick approval names people by it), when found. */
  lark_user_id: z.string().trim().min(1).max(64).optional(),
});
export type TBotLarkUserFound = z.infer<typeof ZBotLarkUserFound>;

/** POST /api/bot/lark-users/ — open_ids found by e-mail (Lark answers at most 50 a call). */
export const ZBotLarkUsersFound = z.object({ users: z.array(ZBotLarkUserFound).min(1).max(200) });
export type TBotLarkUsersFound = z.infer<typeof ZBotLarkUsersFound>;

/**
 * How many were stored. One is not when the user meanwhile has a Lark user (a sign-in wins), the
 * open_id already belongs to another account, or the account's address changed.
 */
export const ZBotLarkUsersSaved = z.object({ saved: z.number().int() });
export type TBotLarkUsersSaved = z.infer<typeof ZBotLarkUsersSaved>;
