// How a search box finds a person (the organisation chart's and the console's): the text made
// full-width (NFKC), katakana and spaceless, compared as a substring with name, 社員番号 and the
// employee's katakana kana_key, which the database keeps (schema/employees.ts).
import { hiraganaToKatakana } from '@portal/shared/kana';

/** What the search compares: full-width (NFKC), katakana, without spaces. */
export function searchKey(text: string): string {
  return hiraganaToKatakana(text.normalize('NFKC')).replace(/[\s\u3000]+/g, '');
}

/** An ILIKE pattern finding `text` anywhere, its own % _ and \ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
