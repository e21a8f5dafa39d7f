import { describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '@portal/shared/contracts/uploads';
import { dayjs } from '@/lib/dayjs.ts';
import { EXTENSION_MESSAGE, fileProblem, initialForm, readSettings } from './upload-settings.ts';

const NOW = dayjs('2026-11-28T13:00:00+09:00');
const form = initialForm(NOW);

describe('readSettings', () => {
  it.each([
    [
      'a payslip of this month, published at once',
      {},
      { kind: 'salary', year: 2026, month: 11, paid_on: '2026-11-25', publish_at: null },
    ],
    [
      'a 源泉徴収票 takes the year alone',
      { kind: 'withholding', year: 2025 },
      { kind: 'withholding', year: 2025, month: null },
    ],
    [
      'a later publication as a time with its offset',
      { publish: 'later', publishDate: '2026-12-01', publishTime: '09:00' },
      { publish_at: dayjs('2026-12-01T09:00').format() },
    ],
  ] as const)('%s', (_, over, expected) => {
    const { settings } = readSettings({ ...form, ...over }, NOW);
    expect(settings).toMatchObject(expected);
  });

  it.each([
    ['no month', { month: '' }, 'month', '対象年月 は必須項目です。'],
    ['no 支給日', { paidOn: '' }, 'paid_on', '支給日 は必須項目です。'],
    [
      'a publication in the past',
      { publish: 'later', publishDate: '2026-11-28', publishTime: '12:45' },
      'publish_at',
      UPLOAD_MSG.publishPast,
    ],
    [
      'a publication more than 31 days ahead',
      { publish: 'later', publishDate: '2026-12-30', publishTime: '09:00' },
      'publish_at',
      UPLOAD_MSG.publishTooLate,
    ],
  ] as const)('refuses %s', (_, over, field, message) => {
    const { errors } = readSettings({ ...form, ...over }, NOW);
    expect(errors).toEqual({ [field]: message });
  });
});

describe('fileProblem', () => {
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
  it.each([
    // Named by a label: a File in the title would be printed with all its bytes.
    ['no file', null, UPLOAD_MSG.fileRequired],
    ['a .pdf', file('slips.pdf', 10), EXTENSION_MESSAGE],
    ['2 MB and a byte', file('slips.csv', 2_097_153), 'ファイル のサイズは 2048KB 以下にしてください。'],
    ['2 MB exactly, upper-case .CSV', file('slips.CSV', 2_097_152), null],
    ['an .xlsm', file('slips.xlsm', 10), null],
  ])('%s', (_, chosen, message) => {
    expect(fileProblem(chosen)).toBe(message);
  });
});
