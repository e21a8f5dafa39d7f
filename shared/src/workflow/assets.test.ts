import { describe, expect, it } from 'vitest';
import {
  addMonths,
  assetTypeWithMonths,
  assetViewFields,
  dueDateOf,
  lendingStatus,
  parseIdList,
  softwareLabel,
  validityLabel,
  valuesForSoftware,
  valuesForType,
  type TAssetTypeOption,
} from './assets.ts';

const PC: TAssetTypeOption = {
  id: 1,
  name: 'ノートPC',
  validity_period: 24,
  inventory: true,
  hardware_information: 'Core i7',
  software_list: [
    { software_id: 3, software_name: 'Microsoft 365', software_validity_period: 12 },
    { software_id: 5, software_name: 'ウイルス対策ソフト', software_validity_period: 0 },
  ],
};
const MONITOR: TAssetTypeOption = { ...PC, id: 2, name: 'モニター', validity_period: 0, software_list: [] };

describe('the lending form (spec §4.5)', () => {
  it('resets the software and sets expiration_date to the type’s months when a type is chosen', () => {
    const chosen = valuesForSoftware(valuesForType({ reason: '業務' }, PC), PC, [3, 5]);
    expect(chosen).toMatchObject({ software: 'Microsoft 365,ウイルス対策ソフト', software_id: '3,5' });
    expect(valuesForType(chosen, MONITOR)).toEqual({
      reason: '業務',
      assets_type: 2,
      expiration_date: 0,
      software: '',
      software_id: '',
    });
    expect(valuesForType(chosen, undefined)).toMatchObject({ assets_type: null, expiration_date: null });
  });

  it.each([
    [0, '期限なし'],
    [1, '1 か月'],
    [24, '24 か月'],
  ])('labels %i months as %s', (months, label) => {
    expect(validityLabel(months)).toBe(label);
  });

  it('adds （N か月） to a software name only when its validity is above 0', () => {
    expect(softwareLabel('Microsoft 365', 12)).toBe('Microsoft 365（12 か月）');
    expect(softwareLabel('ウイルス対策ソフト', 0)).toBe('ウイルス対策ソフト');
  });
});

describe('the read-only view (spec §2.7)', () => {
  it('hides software_id, expiration_date and asset_id and appends the months to the type', () => {
    const fields = [
      { name: 'assets_type', label: '資材種別', value: 1 },
      { name: 'expiration_date', label: '有効期間（か月）', value: 24 },
      { name: 'software', label: 'ソフトウェア', value: 'Microsoft 365' },
      { name: 'software_id', label: 'ソフトウェアID', value: '3' },
      { name: 'asset_id', label: '管理番号', value: 'PC-003' },
      { name: 'reason', label: '理由', value: '業務' },
    ];
    const shown = assetViewFields(fields, (id) => (id === 1 ? 'ノートPC' : undefined));
    expect(shown.map((f) => [f.name, f.value])).toEqual([
      ['assets_type', 'ノートPC（24 か月）'],
      ['software', 'Microsoft 365'],
      ['reason', '業務'],
    ]);
    expect(assetTypeWithMonths('モニター', 0)).toBe('モニター（期限なし）');
  });
});

describe('lendings', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-11-28', 24, '2028-11-28'],
    ['2026-12-15', 1, '2027-01-15'],
  ])('%s plus %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('has no 返却期限 for a type without a limit', () => {
    expect(dueDateOf('2026-11-28', 0)).toBeNull();
  });

  it.each([
    [{ returned_on: '2026-11-01', due_on: '2026-10-01', recall: true }, 'returned'],
    [{ returned_on: null, due_on: '2026-10-01', recall: true }, 'recall'],
    [{ returned_on: null, due_on: '2026-11-27', recall: false }, 'overdue'],
    [{ returned_on: null, due_on: '2026-11-28', recall: false }, 'lent'],
    [{ returned_on: null, due_on: null, recall: false }, 'lent'],
  ] as const)('reads %o as %s on 2026-11-28', (lending, status) => {
    expect(lendingStatus(lending, '2026-11-28')).toBe(status);
  });

  it('reads comma-separated ids, a bad one as NaN', () => {
    expect(parseIdList('3, 5,3')).toEqual([3, 5]);
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList('3,x')).toEqual([3, Number.NaN]);
  });
});
