// Countries (spec §3.11's nationality) in their own module: the name list and its library are large,
// and the screens that show codes (every status tag) need none of it.
import countries from 'i18n-iso-countries';
import ja from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };
import type { CodeItem } from './codes.ts';

countries.registerLocale(ja);

const JAPAN = '392';
const CHINA = '156';

/** ISO 3166 numeric codes with Japanese names: Japan first, China second, then the rest by name. */
export const COUNTRIES: readonly CodeItem[] = (() => {
  const names = countries.getNames('ja', { select: 'official' });
  const all = Object.entries(names).map(([alpha2, label]) => ({
    value: countries.alpha2ToNumeric(alpha2) ?? alpha2,
    label,
  }));
  const first = [JAPAN, CHINA].map((code) => all.find((c) => c.value === code)!);
  const rest = all
    .filter((c) => c.value !== JAPAN && c.value !== CHINA)
    .sort((a, b) => a.label.localeCompare(b.label, 'ja'));
  return [...first, ...rest];
})();
