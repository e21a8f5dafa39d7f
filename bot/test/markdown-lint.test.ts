// Issue 27: the lint rule behind the MarkdownText type (eslint.config.js). A builder that writes a
// markdown element itself, casts a string to MarkdownText or sends Lark's `text` message fails lint.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(code: string, file = 'bot/src/cards/some-card.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the lint rule on user text in Lark messages', () => {
  it('refuses a markdown element built outside card-kit.ts, quoted or not, and lark_md', async () => {
    const found = await problems(
      "export const a = { tag: 'markdown', content: 'x' };\nexport const b = { 'tag': 'lark_md', content: 'x' };\n",
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toContain('markdown() from bot/src/cards/card-kit.ts');
  });

  it('refuses a string cast to MarkdownText outside user-text.ts', async () => {
    const found = await problems(
      "import type { MarkdownText } from './user-text.ts';\nexport const c = 'x' as MarkdownText;\n",
    );
    expect(found).toEqual([expect.stringContaining('Only bot/src/cards/user-text.ts makes MarkdownText')]);
  });

  it("refuses Lark's text message anywhere in the bot", async () => {
    const found = await problems(
      "export const d = { msg_type: 'text', content: { text: 'x' } };\n",
      'bot/src/records/some-notice.ts',
    );
    expect(found).toEqual([expect.stringContaining('textMessage()')]);
  });

  it('lets card-kit.ts build the element, and builders use it', async () => {
    expect(
      await problems("export const e = { tag: 'markdown', content: 'x' };\n", 'bot/src/cards/card-kit.ts'),
    ).toEqual([]);
    expect(
      await problems(
        "import { markdown } from './card-kit.ts';\nimport { markdownText } from './user-text.ts';\nexport const f = markdown(markdownText('x', 10));\n",
      ),
    ).toEqual([]);
  });
});
