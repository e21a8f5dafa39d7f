// Kana conversions for bank data (spec §5): the search key that matches what a user types against the
// zengin-code names and kana, and the half-width katakana a Zengin transfer file needs for 口座名義.

const SMALL_TO_LARGE: Readonly<Record<string, string>> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

/** Hiragana → katakana (ぁ–ゖ and ゝゞ move by the fixed offset of the two blocks). */
export function hiraganaToKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/** Small kana → their full-size letters, as the zengin-code kana and Zengin files write them. */
export function largeKana(text: string): string {
  return text.replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_TO_LARGE[c] ?? c);
}

/** What institution names end with, in kanji and in kana; a search ignores them. */
const INSTITUTION_SUFFIXES = [
  '信用金庫',
  '信用組合',
  '労働金庫',
  '農業協同組合',
  '漁業協同組合',
  '銀行',
  '信金',
  '信組',
  '労金',
  '農協',
  '漁協',
  'シンヨウキンコ',
  'シンヨウクミアイ',
  'ロウドウキンコ',
  'ノウギヨウキヨウドウクミアイ',
  'ギンコウ',
  'シンキン',
  'シンクミ',
  'ロウキン',
  'ノウキヨウ',
  'ギヨキヨウ',
];

/** Branch names end with these; a search ignores them. */
const BRANCH_SUFFIXES = ['支店', '出張所', '営業部', 'シテン', 'シユツチヨウシヨ', 'エイギヨウブ'];

/**
 * The form of a name or a query that matching compares: full-width (NFKC), katakana, full-size kana,
 * upper case, without spaces, dots and long-vowel marks, and without the suffix.
 */
export function kanaSearchKey(text: string, kind: 'bank' | 'branch' = 'bank'): string {
  let key = largeKana(hiraganaToKatakana(text.normalize('NFKC')))
    .toUpperCase()
    .replace(/[\s・.。、,ー－-]/g, '');
  for (const suffix of kind === 'bank' ? INSTITUTION_SUFFIXES : BRANCH_SUFFIXES) {
    if (key.length > suffix.length && key.endsWith(suffix)) {
      key = key.slice(0, -suffix.length);
      break;
    }
  }
  return key;
}

// ── half-width katakana for Zengin files ─────────────────────────────────────────────────────────

const FULL = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン';
const HALF = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ';
const HALF_OF = new Map<string, string>([...FULL].map((c, i) => [c, HALF[i]!]));
const VOICED = 'ガギグゲゴザジズゼゾダヂヅデドバビブベボ';
const SEMI_VOICED = 'パピプペポ';
for (const c of VOICED) HALF_OF.set(c, HALF_OF.get(String.fromCharCode(c.charCodeAt(0) - 1))! + 'ﾞ');
for (const c of SEMI_VOICED) HALF_OF.set(c, HALF_OF.get(String.fromCharCode(c.charCodeAt(0) - 2))! + 'ﾟ');
HALF_OF.set('ヴ', 'ｳﾞ');
HALF_OF.set('ー', '-');
HALF_OF.set('（', '(');
HALF_OF.set('）', ')');
HALF_OF.set('　', ' ');

/** The characters a Zengin transfer file takes in 受取人名. */
export const ZENGIN_NAME_PATTERN = /^[0-9A-Zｱ-ﾝﾞﾟ().,\-/ ]+$/;

/**
 * 口座名義 as Zengin files write it: half-width katakana, full-size kana, upper-case letters and
 * digits; full-width and hiragana input is converted, runs of spaces become one.
 */
export function toZenginKana(text: string): string {
  const wide = largeKana(hiraganaToKatakana(text.normalize('NFKC')));
  let out = '';
  for (const c of wide) out += HALF_OF.get(c) ?? c;
  return out.toUpperCase().replace(/\s+/g, ' ').trim();
}

// ── folding for text search (the manual) ─────────────────────────────────────────────────────────

/** Half-width voiced and semi-voiced marks, which NFKC joins to the letter before them. */
const HALF_MARKS = /[\uff9e\uff9f]/;

/** One letter as search compares it: NFKC (full-width kana, half-width letters), katakana, lower case. */
function foldUnit(unit: string): string {
  return hiraganaToKatakana(unit.normalize('NFKC')).toLowerCase();
}

/** Text as search compares it: NFKC, hiragana as katakana, lower case ('ﾏﾆｭｱﾙ' and 'まにゅある' → 'マニュアル'). */
export function foldForSearch(text: string): string {
  return foldUnit(text);
}

/**
 * Where `query` occurs in `text` after folding both, as [start, end) ranges of the original text, so a
 * match in half-width or hiragana text is highlighted as written. Empty for an empty query.
 */
export function findFolded(text: string, query: string): [number, number][] {
  const needle = foldForSearch(query.trim());
  if (!needle) return [];
  // The folded text with, for each of its characters, where its letter starts and ends in `text`.
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const chars = [...text];
  let offset = 0;
  for (let i = 0; i < chars.length; i++) {
    let unit = chars[i]!;
    while (i + 1 < chars.length && HALF_MARKS.test(chars[i + 1]!)) unit += chars[++i]!;
    const out = foldUnit(unit);
    for (let k = 0; k < out.length; k++) {
      starts.push(offset);
      ends.push(offset + unit.length);
    }
    folded += out;
    offset += unit.length;
  }
  const ranges: [number, number][] = [];
  let from = 0;
  for (;;) {
    const at = folded.indexOf(needle, from);
    if (at < 0) break;
    ranges.push([starts[at]!, ends[at + needle.length - 1]!]);
    from = at + needle.length;
  }
  return ranges;
}
