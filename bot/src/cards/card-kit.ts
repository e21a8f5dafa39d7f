// The few pieces of Card JSON 2.0 our cards use (lark.md "Cards"), so the builders read as content.
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

/** Lark refuses a card of 30 KB or more (lark.md); ours stay well below by trimming long values. */
export const CARD_MAX_BYTES = 30 * 1024;

export const plain = (content: string) => ({ tag: 'plain_text', content }) as const;

export function card(
  title: string,
  template: HeaderColour,
  elements: CardElement[],
  subtitle?: string,
): Card {
  return {
    schema: '2.0',
    config: { update_multi: true, width_mode: 'fill' },
    header: { title: plain(title), ...(subtitle ? { subtitle: plain(subtitle) } : {}), template },
    body: { elements },
  };
}

/** Lark markdown treats these as markup; user text is shown as it was typed. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_~[\]()<>#|])/g, '\\$1');
}

export function markdown(content: string): CardElement {
  return { tag: 'markdown', content };
}

/** Lines of `**label**：value`, values escaped. */
export function labelled(rows: readonly { label: string; value: string }[]): CardElement {
  return markdown(rows.map((r) => `**${escapeMarkdown(r.label)}**：${escapeMarkdown(r.value)}`).join('\n'));
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

export function cardBytes(value: Card): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** Cuts a value to `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
