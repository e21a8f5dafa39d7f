// A message of text to one person, shown exactly as typed. It is not Lark's `text` message: Lark reads
// `<at user_id="…">` (a mention, of everyone with "all"), `<b>`, `<i>`, `<u>`, `<s>` and `[text](url)` in
// one and documents no escape for them (docs/bot.md "User text"). A card whose one element is
// `plain_text` is never parsed (lark.md "Beyond cards"), so every text message goes out as that card.
import type { TLarkSendPayload } from '@portal/shared/contracts/bot-jobs';
import { TEXT_BYTES, plain } from './card-kit.ts';

/** The msg_type and content of a message showing `text` as it is (clipped to TEXT_BYTES.notice). */
export function textMessage(text: string): Pick<TLarkSendPayload, 'msg_type' | 'content'> {
  return {
    msg_type: 'interactive',
    content: {
      schema: '2.0',
      config: { update_multi: true, width_mode: 'fill' },
      body: { elements: [{ tag: 'div', text: plain(text, TEXT_BYTES.notice) }] },
    },
  };
}
