// Kana in SQL: hiragana made katakana, so that a search in either script matches (the employees'
// generated kana_key, schema/employees.ts).
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
