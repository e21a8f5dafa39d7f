// Text a user might type to make the bot post markup, a mention or a link (issue 27), and the checks
// every markdown element must pass with it.

/** The four of the acceptance first, then more found trying to break the escaper. */
export const HOSTILE: readonly string[] = [
  '<at id=all></at> 至急',
  "了解\n===\n<font color='green'>承認済み</font>",
  '[承認はこちら](https://evil.example) &lt;at id=all&gt; :DONE:',
  '- 1. # *x* _y_ ~~z~~ `c`',
  '<at user_id="all"></at> <at ids=ou_a,ou_b></at> <at email=a@example.com></at>',
  '了解\r\n---\r\n    字下げ\r> 引用\u2028## 見出し\u2029+ 箇条',
  '![画像](https://evil.example/x.png) <https://evil.example> www.evil.example a@evil.example',
  '&#60;at id=all&#62; &#x3C;font&#x3E; \\*x\\* \\<at id=all>',
  '<link url="https://evil.example">ここ</link> <text_tag color=red>承認</text_tag> <local_datetime>',
  ':OK::THUMBSUP: 😀 👨‍👩‍👧‍👦 🇯🇵 [微笑] $x$ {{var}} ${x} | a | b |\n|---|---|',
  '  前後に空白  \n\t字下げ\n末尾に二つの空白  \n1) 一\n10. 十\n```js\n~~~',
];

export function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

/**
 * What is wrong with the content of a markdown element holding user text (empty: nothing). Our own
 * markup is `**` around labels; anything else that Lark could read as markup must be an entity.
 */
export function markdownProblems(content: string): string[] {
  const problems: string[] = [];
  for (const tag of ['<at', '<font', '](']) if (content.includes(tag)) problems.push(`has ${tag}`);
  if (/&(?!#\d+;)/.test(content)) problems.push('has an & that begins no whole entity');
  const raw = content
    .replace(/&#\d+;/g, '')
    .replace(/\*\*/g, '')
    .match(/[[\]*_~`&:<>()!|\\#=$]/g);
  if (raw) problems.push(`has raw ${[...new Set(raw)].join('')}`);
  for (const line of content.split('\n')) {
    if (/^(?:[=\-#+>|]|\d+[.)]|\s|\*(?!\*))/.test(line)) problems.push(`a line starts a block: ${line}`);
  }
  return problems;
}
