// Reading the cards the fake Lark received, as a person would: the title, the text, the buttons.
import { decodeEntities } from '../../../bot/test/support/hostile-text.ts';
import type { FakeLark, FakeLarkMessage } from '../../support/fakes/fake-lark.ts';

type Json = Record<string, unknown>;

function walk(node: unknown, visit: (n: Json) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (node && typeof node === 'object') {
    visit(node as Json);
    Object.values(node).forEach((n) => walk(n, visit));
  }
}

export function titleOf(card: Json): string {
  return String(((card.header as Json | undefined)?.title as Json | undefined)?.content ?? '');
}

/** Every text on the card (markdown with its entities decoded, and plain text), joined. */
export function textOf(card: Json): string {
  const parts: string[] = [];
  walk(card, (n) => {
    if (typeof n.content === 'string')
      parts.push(n.tag === 'markdown' ? decodeEntities(n.content) : n.content);
  });
  return parts.join('\n');
}

/** The content of every markdown element, as sent (entities and all). */
export function markdownOf(card: Json): string[] {
  const parts: string[] = [];
  walk(card, (n) => {
    if (n.tag === 'markdown' && typeof n.content === 'string') parts.push(n.content);
  });
  return parts;
}

/** The callback value of the button for `action`, or undefined when the card has no such button. */
export function buttonValue(card: Json, action: string): Json | undefined {
  let found: Json | undefined;
  walk(card, (n) => {
    if (n.tag !== 'button' || !Array.isArray(n.behaviors)) return;
    for (const b of n.behaviors as Json[]) {
      const value = b.value as Json | undefined;
      if (b.type === 'callback' && value?.action === action) found = value;
    }
  });
  return found;
}

/** The messages one user received. */
export function messagesTo(lark: FakeLark, openId: string): FakeLarkMessage[] {
  return lark.messages.filter((m) => m.receive_id === openId);
}

/** Waits until `predicate` holds (polling), or fails with `what`. */
export async function eventually<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
