// Issue 27: user text in Lark is shown as typed. The escaper on its own: every ASCII punctuation
// character an entity, nothing that can start a block, line breaks kept, clipped by weight between
// grapheme clusters; and the markdown element takes only what the escaper or our markup made.
import { describe, expect, it } from 'vitest';
import { markdown } from './card-kit.ts';
import { HOSTILE, decodeEntities, markdownProblems } from '../../test/support/hostile-text.ts';
import { bold, lines, markdownText, md, plainText } from './user-text.ts';

const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
/** The bytes a string adds to the card's JSON (without the quotes around it). */
const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;

describe('markdownText', () => {
  it.each(HOSTILE)('%j: no markup survives, and decoding gives back exactly the input', (input) => {
    const out = markdownText(input, 10_000);
    expect(markdownProblems(out)).toEqual([]);
    expect(decodeEntities(out)).toBe(input.replace(/\r\n|[\r\u2028\u2029]/g, '\n'));
  });

  it('writes every ASCII punctuation character as &#NN;, & first, so a typed entity stays as typed', () => {
    expect(markdownText(PUNCTUATION, 1000)).toBe(
      [...PUNCTUATION].map((c) => `&#${c.charCodeAt(0)};`).join(''),
    );
    expect(markdownText('&lt;at id=all&gt; &#60; &amp;', 1000)).toBe(
      '&#38;lt&#59;at id&#61;all&#38;gt&#59; &#38;&#35;60&#59; &#38;amp&#59;',
    );
  });

  it('leaves letters, digits, Japanese and spaces inside a line as they are', () => {
    expect(markdownText('山田 太郎 E0007 ｱｲｳ　全角', 1000)).toBe('山田 太郎 E0007 ｱｲｳ　全角');
  });

  it('keeps every ASCII character but CR through a round trip', () => {
    const input = ASCII.replace('\r', '');
    expect(decodeEntities(markdownText(input, 10_000))).toBe(input);
  });

  it('turns CR LF, CR, NEL and the Unicode line and paragraph separators into line feeds', () => {
    expect(markdownText('a\r\nb\rc\u0085d\u2028e\u2029f\ng', 1000)).toBe('a\nb\nc\nd\ne\nf\ng');
  });

  it('no line from user text can start a block: heading, list, quote, fence, table, code', () => {
    const input = [
      '了解',
      '===',
      '---',
      '# 見出し',
      '1. 一',
      '2) 二',
      '- 箇条',
      '+ 箇条',
      '* 箇条',
      '> 引用',
      '```',
      '~~~',
      '| a | b |',
      '    字下げ',
      '\t字下げ',
      '[x]: https://evil.example',
      '<div>',
      '末尾  ',
    ].join('\n');
    const out = markdownText(input, 10_000);
    expect(markdownProblems(out)).toEqual([]);
    expect(out.split('\n')).toHaveLength(input.split('\n').length);
    expect(out.split('\n').every((line) => !/ $/.test(line))).toBe(true);
    expect(decodeEntities(out)).toBe(input);
  });

  it('an emoji shortcode, a mention, a colour, a link and an autolink stay text', () => {
    const out = markdownText(
      ':DONE: <at id=all></at> <font color=red>赤</font> [here](https://evil.example) <https://x.example> https://y.example',
      1000,
    );
    expect(out).not.toMatch(/[:<>[\]()]/);
    expect(out).not.toContain('https://');
  });

  it('clips before escaping: the result weighs at most the budget and ends with … on a whole entity', () => {
    const out = markdownText(PUNCTUATION.repeat(300), 500);
    expect(jsonBytes(out)).toBeLessThanOrEqual(500);
    expect(out).toMatch(/^(?:&#\d+;)+…$/);
    expect(PUNCTUATION.repeat(300).startsWith(decodeEntities(out).slice(0, -1))).toBe(true);
  });

  it('never cuts a surrogate pair, an emoji sequence, a flag or a letter with its accents', () => {
    const clusters = ['😀', '👨‍👩‍👧‍👦', '🇯🇵', 'é', 'か\u3099', '👍🏽'];
    for (const cluster of clusters) {
      for (let budget = 3; budget < 80; budget++) {
        const out = markdownText(`あ${cluster.repeat(20)}`, budget);
        expect(jsonBytes(out), `${cluster} ${budget}`).toBeLessThanOrEqual(budget);
        const whole = `あ${cluster.repeat(20)}`;
        if (out !== whole)
          expect(out, `${cluster} ${budget}`).toMatch(new RegExp(`^(?:あ(?:${cluster})*)?…$`, 'u'));
      }
    }
  });

  it('replaces a lone surrogate, which JSON could not carry as text', () => {
    expect(markdownText('a\ud800b\udc00c', 100)).toBe('a\ufffdb\ufffdc');
  });

  it('cuts one grapheme cluster longer than the budget whole (a letter with 10,000 accents)', () => {
    const out = markdownText(`a${'\u0301'.repeat(10_000)}b`, 300);
    expect(out).toBe('…');
  });

  it('cuts a very long text to its budget', () => {
    const out = markdownText('<at id=all></at>\n'.repeat(100_000), 4000);
    expect(jsonBytes(out)).toBeLessThanOrEqual(4000);
    expect(markdownProblems(out)).toEqual([]);
  });
});

describe('plainText', () => {
  it('shows the text as it is, line endings made line feeds', () => {
    expect(plainText('<at id=all></at> **x** :DONE:\r\n次', 1000)).toBe('<at id=all></at> **x** :DONE:\n次');
  });

  it('clips by what the text weighs in JSON, between grapheme clusters', () => {
    for (const text of ['"\\'.repeat(5000), '\u0001'.repeat(5000), '😀'.repeat(5000), 'あ'.repeat(5000)]) {
      const out = plainText(text, 1000);
      expect(jsonBytes(out)).toBeLessThanOrEqual(1000);
      expect(out.endsWith('…')).toBe(true);
      expect(out).not.toMatch(/\p{Cs}/u);
    }
  });
});

describe('our own markup', () => {
  it('bold escapes what it wraps, and leaves blank text unwrapped', () => {
    expect(bold('*件名*', 100)).toBe('**&#42;件名&#42;**');
    expect(bold('  ', 100)).toBe('&#32;&#32;');
  });

  it('md`…` joins our literal markup with escaped values only', () => {
    expect(lines([md`**${markdownText('a_b', 100)}**`, markdownText('c', 100)])).toBe('**a&#95;b**\nc');
  });

  it('the markdown element takes no plain string: a builder that forgets to escape does not compile', () => {
    // @ts-expect-error a string is no MarkdownText (typecheck fails here if that ever changes)
    const unescaped = () => markdown('<at id=all></at>');
    // @ts-expect-error nor can a template smuggle a raw value into md`…`
    const smuggled = () => md`**${'<at id=all></at>'}**`;
    expect([typeof unescaped, typeof smuggled]).toEqual(['function', 'function']);
    expect(markdown(markdownText('<at id=all></at>', 100))).toEqual({
      tag: 'markdown',
      content: '&#60;at id&#61;all&#62;&#60;&#47;at&#62;',
    });
  });
});
