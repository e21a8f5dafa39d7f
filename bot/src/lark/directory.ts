// Lark's contact directory, for users who never signed in through Lark: their open_id by e-mail
// address (`contact.user.batchGetId`, POST /open-apis/contact/v3/users/batch_get_id, scope
// contact:user.id:readonly). Lark finds only users inside the app's availability, by the address
// of their Lark account — not an enterprise mailbox address. One call answers one kind of id, so the
// tenant's own `user_id` (what the Approval Center's quick approval names the person by) is a second
// call for the addresses found (scope contact:user.employee_id:readonly).
import type * as lark from '@larksuiteoapi/node-sdk';
import { callLark } from './errors.ts';

/** Lark answers at most 50 addresses a call. */
export const LOOKUP_BATCH = 50;

export interface LarkDirectory {
  /** open_id by address (lower case) for the addresses Lark knows; the others are absent. */
  openIdsByEmail(emails: readonly string[]): Promise<Map<string, string>>;
  /** The tenant's user_id by address (lower case), likewise. */
  userIdsByEmail(emails: readonly string[]): Promise<Map<string, string>>;
}

type IdType = 'open_id' | 'user_id';

export function createLarkDirectory(client: lark.Client): LarkDirectory {
  async function idsByEmail(emails: readonly string[], idType: IdType) {
    const found = new Map<string, string>();
    for (let i = 0; i < emails.length; i += LOOKUP_BATCH) {
      const res = await callLark(() =>
        client.contact.user.batchGetId({
          params: { user_id_type: idType },
          data: { emails: emails.slice(i, i + LOOKUP_BATCH) },
        }),
      );
      // An address Lark does not know comes back without a user_id (or not at all); the field is
      // named user_id whatever kind of id was asked for.
      for (const user of res.data?.user_list ?? []) {
        if (user.email && user.user_id) found.set(user.email.trim().toLowerCase(), user.user_id);
      }
    }
    return found;
  }
  return {
    openIdsByEmail: (emails) => idsByEmail(emails, 'open_id'),
    userIdsByEmail: (emails) => idsByEmail(emails, 'user_id'),
  };
}
