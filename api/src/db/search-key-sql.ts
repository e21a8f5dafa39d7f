// Search keys in SQL: hiragana made katakana, so that a search in either script matches, and ASCII
// letters in lower case (the employees' generated search_key, schema/employees.ts).
import { sql, type SQL } from 'drizzle-orm';

const HIRAGANA =
  'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔ';
const KATAKANA =
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴ';

/** A kana column as katakana, so that a query in either script matches it. */
export function katakanaOf(column: SQL): SQL {
  // Literals, not parameters: the generated column's DDL cannot take parameters (no quote in them).
  return sql`translate(${column}, ${sql.raw(`'${HIRAGANA}'`)}, ${sql.raw(`'${KATAKANA}'`)})`;
}

/**
 * ASCII letters in lower case and nothing else: lower() follows the database's locale, which differs
 * between servers (C, ja_JP, PGlite's), and the query side (person-search.ts) must do the same.
 */
export function asciiLowerOf(text: SQL): SQL {
  return sql`translate(${text}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
}
