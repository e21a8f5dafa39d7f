// Text that users typed, on its way into a Lark message, shown exactly as typed (issue 27).
//
// Markdown: Lark's card markdown follows CommonMark and adds its own tags (<at>, <font>, <link>, …) and
// emoji shortcodes (:DONE:). Lark's card documentation shows special characters as HTML numeric
// entities (&#60; for <, &#42; for *; lark.md "Beyond cards"), so every ASCII punctuation character of
// user text becomes &#NN; — in one pass, so an & the user typed becomes &#38; before anything else and
// a typed "&lt;" reads "&lt;". No block can start from such a line either: a heading, list, quote,
// fence, table or setext underline needs the raw character, and an entity never counts as one. Spaces
// at the start or end of a line become &#32; (no indented code block, no hard break, nothing that
// unbalances our **bold**). Line breaks stay line breaks.
//
// Plain text: `plain_text` elements are never parsed, so it is only clipped.
//
// Both clip first, by what the text will weigh in the card's JSON (every character counted as it will
// be written, an entity whole), and only between grapheme clusters, so no entity, surrogate pair or
// emoji sequence is cut.

declare const MARKDOWN: unique symbol;
/**
 * A string that is safe as the content of a markdown element: user text escaped by markdownText, or
 * our own markup written with md`…`. The markdown element takes nothing else (card-kit.ts), so a
 * builder that puts a raw string there does not compile.
 */
export type MarkdownText = string & { readonly [MARKDOWN]: true };

/** Every ASCII punctuation character, the C0 controls but the line feed, and DEL. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it must find
const SPECIAL = /[\x00-\x09\x0b-\x1f!-/:-@[-`{-~\x7f]/g;
/** Spaces that begin or end a line. */
const EDGE_SPACES = /^ +| +$/gm;
/** Every line ending CommonMark or a browser may honour, as one line feed. */
const LINE_ENDS = /\r\n|[\r\u0085\u2028\u2029]/g;
/** Half of a surrogate pair without the other half (JSON would write it as \\uXXXX). */
const LONE_SURROGATE = /\p{Cs}/gu;
const ELLIPSIS = '…';

const entity = (char: string) => `&#${char.charCodeAt(0)};`;
const graphemes = new Intl.Segmenter('ja', { granularity: 'grapheme' });

/** ASCII that Lark's markdown could read as markup (SPECIAL), or a space. */
const isSpecialAscii = (c: number) =>
  c <= 0x20 || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || c >= 0x7b || (c >= 0x21 && c <= 0x2f);

/** Bytes of one character (code point) in the card's JSON, as markdown (`entities`) or plain text. */
function weight(c: number, entities: boolean): number {
  if (c === 0x0a) return 2; // "\n" in JSON
  if (c >= 0x80) return c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  if (!isSpecialAscii(c)) return 1;
  // Markdown: an entity (a space counted as if it began a line). Plain: JSON's own escapes.
  if (entities) return `&#${c};`.length;
  if (c === 0x22 || c === 0x5c) return 2;
  return c < 0x20 ? 6 : 1;
}

/** Whether `text` weighs at most `maxBytes` (stops counting as soon as it does not). */
function fits(text: string, maxBytes: number, entities: boolean): boolean {
  let total = 0;
  for (const char of text) {
    total += weight(char.codePointAt(0)!, entities);
    if (total > maxBytes) return false;
  }
  return true;
}

function weightOf(text: string, entities: boolean): number {
  let total = 0;
  for (const char of text) total += weight(char.codePointAt(0)!, entities);
  return total;
}

/**
 * The text with its line endings made line feeds and lone surrogates replaced, cut (and marked …)
 * so that it weighs at most `maxBytes` once written; cut only between grapheme clusters.
 */
function clipped(text: string, maxBytes: number, entities: boolean): string {
  const whole = text.replace(LINE_ENDS, '\n').replace(LONE_SURROGATE, '\uFFFD');
  if (fits(whole, maxBytes, entities)) return whole;
  const room = maxBytes - weightOf(ELLIPSIS, entities);
  // Every code unit weighs at least a byte, so the cut lies within the first maxBytes units; the
  // segmenter reads only those (it copies whatever it is given), and a cluster touching their end
  // may go on beyond it, so it is never taken.
  const head = whole.slice(0, maxBytes + 1);
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(head)) {
    used += weightOf(segment, entities);
    if (used > room || index + segment.length === head.length) break;
    end = index + segment.length;
  }
  return `${whole.slice(0, end)}${ELLIPSIS}`;
}

/** User text as markdown: clipped to `maxBytes`, then every markup character an entity. */
export function markdownText(text: string, maxBytes: number): MarkdownText {
  return clipped(text, maxBytes, true)
    .replace(SPECIAL, entity)
    .replace(EDGE_SPACES, (spaces) => '&#32;'.repeat(spaces.length)) as MarkdownText;
}

/** User text for a plain_text element (never parsed by Lark): clipped to `maxBytes`. */
export function plainText(text: string, maxBytes: number): string {
  return clipped(text, maxBytes, false);
}

/** Our own markup: the literal parts are ours, every value must already be MarkdownText. */
export function md(literals: TemplateStringsArray, ...values: readonly MarkdownText[]): MarkdownText {
  return literals.reduce((out, literal, i) => out + literal + (values[i] ?? ''), '') as MarkdownText;
}

/** Markdown parts, one a line. */
export function lines(parts: readonly MarkdownText[]): MarkdownText {
  return parts.join('\n') as MarkdownText;
}

/**
 * Text in bold: escaped like any user text, so `**` always closes where we put it. Blank text gets
 * no markers (`** **` would show as typed).
 */
export function bold(text: string, maxBytes: number): MarkdownText {
  const inner = markdownText(text, maxBytes);
  return text.trim() === '' ? inner : md`**${inner}**`;
}
