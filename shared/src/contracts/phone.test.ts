import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/metadata.min.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { normalizeJapanesePhone } from './phone.ts';
import JP_METADATA from './phone-metadata-jp.json' with { type: 'json' };

describe('Japanese phone numbers', () => {
  it("carries Japan's part of the installed libphonenumber metadata unchanged", () => {
    // After a libphonenumber-js upgrade this fails until phone-metadata-jp.json is taken again from
    // its metadata.min.json (version, calling code 81, countries.JP).
    expect(JP_METADATA).toEqual({
      version: metadata.version,
      country_calling_codes: { '81': metadata.country_calling_codes['81'] },
      countries: { JP: metadata.countries.JP },
      nonGeographic: {},
    });
  });

  it('normalises the usual ways of writing a number to the national form', () => {
    expect(normalizeJapanesePhone('09012345678')).toBe('090-1234-5678');
    expect(normalizeJapanesePhone('０３－１２３４－５６７８')).toBe('03-1234-5678');
    expect(normalizeJapanesePhone('+81 90 1234 5678')).toBe('090-1234-5678');
    expect(normalizeJapanesePhone(' 03 1234 5678 ')).toBe('03-1234-5678');
  });

  it('refuses what is not a valid Japanese number, as the full metadata does', () => {
    for (const text of ['12345', '+1 212 555 0100', '+86 138 0013 8000', '090-1234', 'abc', ''])
      expect(normalizeJapanesePhone(text), text).toBeNull();
  });

  it('agrees with the full metadata on a spread of numbers', () => {
    const samples = [
      '0120-123-456',
      '050-1234-5678',
      '011-123-4567',
      '06-1234-5678',
      '0466-12-3456',
      '080-0000-0000',
      '070-1234-5678',
      '0570-123-456',
      '099-123-4567',
      '+81-3-1234-5678',
    ];
    for (const text of samples) {
      const full = parsePhoneNumberFromString(text, 'JP');
      const expected = full && full.country === 'JP' && full.isValid() ? full.formatNational() : null;
      expect(normalizeJapanesePhone(text), text).toBe(expected);
    }
  });
});
