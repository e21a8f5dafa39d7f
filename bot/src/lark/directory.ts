// Lark's contact directory, for users who never signed in through Lark: their open_id by e-mail
// address (`contact.user.batchGetId`, POST /open-apis/contact/v3/users/batch_get_id, scope
// contact:user.id:readonly). Lark finds only users inside the app's availability, by the address
// of their Lark account — not an enterprise mailbox address.
import type * as lark from '@larksuiteoapi/node-sdk';
import { callLark } from './errors.ts';

/** Lark answers at most 50 addresses a call. */
export const LOOKUP_BATCH = 50;

export interface LarkDirectory {
  /** open_id by address (lower case) for the addresses Lark knows; the others are absent. */
  openIdsByEmail(emails: readonly string[]): Promise<Map<string, string>>;
}

export function createLarkDirectory(client: lark.Client): LarkDirectory {
  return {
    async openIdsByEmail(emails) {
      const found = new Map<string, string>();
      for (let i = 0; i < emails.length; i += LOOKUP_BATCH) {
        const res = await callLark(() =>
          client.contact.user.batchGetId({
            params: { user_id_type: 'open_id' },
            data: { emails: emails.slice(i, i + LOOKUP_BATCH) },
          }),
        );
        // An address Lark does not know comes back without a user_id (or not at all).
        for (const user of res.data?.user_list ?? []) {
          if (user.email && user.user_id) found.set(user.email.trim().toLowerCase(), user.user_id);
        }
      }
      return found;
    },
  };
}
