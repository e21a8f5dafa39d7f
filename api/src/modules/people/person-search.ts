// How a search box finds a person (the organisation chart's and the console's): the text made
// full-width (NFKC), katakana and spaceless, found as a substring of the employee's search_key, which
// the database keeps (schema/employees.ts): 社員番号, name and katakana フリガナ, ASCII in lower case.
import { sql, type SQL } from 'drizzle-orm';
import { hiraganaToKatakana } from '@portal/shared/kana';

/** What the search compares: full-width (NFKC), katakana, without spaces. */
export function searchKey(text: string): string {
  return hiraganaToKatakana(text.normalize('NFKC')).replace(/[\s\u3000]+/g, '');
}

/** A LIKE pattern finding `text` anywhere, its own % _ and \ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `e` = employees: the person's 社員番号, name or フリガナ holds `key` (a searchKey). */
export function matchesPerson(key: string): SQL {
  // ASCII lowered as the column is (search-key-sql.ts); a LIKE, not an ILIKE, which lowers every row.
  return sql`e.search_key like ${likePattern(key.replace(/[A-Z]/g, (c) => c.toLowerCase()))}`;
}

/**
 * Whether `key` could be part of a username: ASCII only. Usernames are the console's alphabet
 * (contracts/admin.ts) or, made at a first Lark sign-in, an e-mail address (lark-auth.ts); a query in
 * Japanese need not read the accounts.
 */
export function mayBeUsername(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}
