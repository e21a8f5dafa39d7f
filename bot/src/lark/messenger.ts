// Sending and updating messages with the SDK. The job's key is Lark's `uuid`: Lark drops a repeat
// within an hour, so a job retried after a send that did go through posts nothing new.
import type * as lark from '@larksuiteoapi/node-sdk';
import type { TLarkSendPayload } from '@portal/shared/contracts/bot-jobs';
import { callLark, LarkError } from './errors.ts';

export interface LarkMessenger {
  /** Resolves the message id. */
  send(payload: TLarkSendPayload): Promise<string>;
  patch(messageId: string, card: Record<string, unknown>): Promise<void>;
}

export function createMessenger(client: lark.Client): LarkMessenger {
  return {
    async send(payload) {
      const res = await callLark(() =>
        client.im.message.create({
          params: { receive_id_type: 'open_id' },
          data: {
            receive_id: payload.open_id,
            msg_type: payload.msg_type,
            content: JSON.stringify(payload.content),
            uuid: payload.key,
          },
        }),
      );
      const id = res.data?.message_id;
      if (!id) throw new LarkError(null, 200, 'no message_id in the answer');
      return id;
    },
    async patch(messageId, card) {
      await callLark(() =>
        client.im.message.patch({ path: { message_id: messageId }, data: { content: JSON.stringify(card) } }),
      );
    },
  };
}
