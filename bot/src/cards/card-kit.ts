// The few pieces of Card JSON 2.0 our cards use (lark.md "Cards"), so the builders read as content.
// User text reaches a card only through these: plain_text clipped, markdown escaped (user-text.ts).
import { bold, lines, markdownText, md, plainText, type MarkdownText } from './user-text.ts';

export type CardElement = Record<string, unknown>;

export interface Card {
  readonly schema: '2.0';
  readonly config: { readonly update_multi: true; readonly width_mode: 'fill' };
  readonly header: {
    readonly title: { readonly tag: 'plain_text'; readonly content: string };
    readonly subtitle?: { readonly tag: 'plain_text'; readonly content: string };
    readonly template: HeaderColour;
  };
  readonly body: { readonly elements: readonly CardElement[] };
}

export type HeaderColour = 'blue' | 'green' | 'orange' | 'red' | 'grey' | 'wathet';

/** Lark refuses a card of 30 KB or more (lark.md); ours stay well below by clipping user text. */
export const CARD_MAX_BYTES = 30 * 1024;

/**
 * The most each user value may weigh in a card once written (bytes of JSON, entities counted whole),
 * chosen so that a card with every field at its longest, all punctuation, stays under CARD_MAX_BYTES
 * (cards.test.ts): a name of 50 + 50 characters, an organisation or a field value of 200 Japanese
 * characters, a comment of 1,000 fit whole; punctuation, at 5–6 bytes a character, is cut sooner.
 */
export const TEXT_BYTES = {
  /** A person's name, a node's name, a workflow's name. */
  name: 400,
  /** An organisation (its full path), a project. */
  org: 800,
  /** The label of a request's field. */
  label: 200,
  /** The value of a request's field. */
  value: 700,
  /** An approver's comment (1,000 characters at most). */
  comment: 4000,
  /** A reject reason (500 characters at most). */
  reason: 2000,
  /** Anything else short: a status, an option, our own sentences. */
  short: 800,
  /** The text of a notice (a message of its own). */
  notice: 8000,
} as const;

/** A plain_text element: never parsed by Lark, so any text shows as it is (clipped to `maxBytes`). */
export const plain = (content: string, maxBytes: number = TEXT_BYTES.short) =>
  ({ tag: 'plain_text', content: plainText(content, maxBytes) }) as const;

export function card(
  title: string,
  template: HeaderColour,
  elements: CardElement[],
  subtitle?: string,
): Card {
  return {
    schema: '2.0',
    config: { update_multi: true, width_mode: 'fill' },
    header: {
      title: plain(title),
      ...(subtitle ? { subtitle: plain(subtitle) } : {}),
      template,
    },
    body: { elements },
  };
}

/** The only markdown element: its content is user text escaped or our own markup (user-text.ts). */
export function markdown(content: MarkdownText): CardElement {
  return { tag: 'markdown', content };
}

export interface LabelledRow {
  readonly label: string;
  readonly value: string;
  /** What the value may weigh (TEXT_BYTES.short unless said). */
  readonly maxBytes?: number;
}

/** Lines of **label**：value; label and value are escaped, whoever wrote them. */
export function labelled(rows: readonly LabelledRow[]): CardElement {
  return markdown(
    lines(
      rows.map(
        (r) =>
          md`${bold(r.label, TEXT_BYTES.label)}：${markdownText(r.value, r.maxBytes ?? TEXT_BYTES.short)}`,
      ),
    ),
  );
}

export function divider(): CardElement {
  return { tag: 'hr' };
}

export function linkButton(text: string, url: string): CardElement {
  return {
    tag: 'button',
    text: plain(text),
    type: 'default',
    width: 'fill',
    behaviors: [{ type: 'open_url', default_url: url, pc_url: url, ios_url: url, android_url: url }],
  };
}

export function cardBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}
