// Japanese validation messages for every zod schema the API parses. The shared schemas carry their
// own wording where the spec has one; zod's Japanese locale covers the rest, and the few cases where
// that locale leaves English type names ("boolean", "string") are worded here.
import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: '文字列',
  number: '数値',
  int: '整数',
  boolean: '真偽値（true または false）',
  object: 'オブジェクト',
  array: '配列',
  date: '日付',
};

let configured = false;

export function useJapaneseZodMessages(): void {
  if (configured) return;
  configured = true;
  z.config(z.locales.ja());
  z.config({
    customError: (issue) => {
      if (issue.code !== 'invalid_type') return undefined;
      if (issue.input === undefined) return 'この項目は必須です。';
      if (issue.input === null) return 'この項目は null にできません。';
      const expected = TYPE_NAMES[issue.expected];
      return expected ? `${expected}で入力してください。` : undefined;
    },
  });
}
