import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../limits.ts';
import { buildFieldValuesSchema, defaultValueOf, parseFieldValue, type TFieldRule } from './field-values.ts';
import { bytesToBase64, encodeUploadString } from './upload.ts';
import type { TFieldDataType } from './codes.ts';

function rule(data_type: TFieldDataType, extra: Partial<TFieldRule> = {}): TFieldRule {
  return {
    name: 'f',
    label: '項目',
    data_type,
    required: false,
    read_only: false,
    max_length: null,
    step: null,
    choices: [],
    multiple: false,
    ...extra,
  };
}

function upload(size: number, name = '領収書.pdf'): string {
  return encodeUploadString(name, bytesToBase64(new Uint8Array(size)));
}

describe('parseFieldValue', () => {
  const cases: [string, TFieldRule, unknown, unknown][] = [
    ['integer from a number', rule('integer'), 12, { value: 12 }],
    ['integer from text', rule('integer'), ' -3 ', { value: -3 }],
    ['integer refuses a fraction', rule('integer'), 1.5, { error: '項目 は整数で入力してください。' }],
    ['integer refuses words', rule('integer'), 'abc', { error: '項目 は整数で入力してください。' }],
    ['decimal on the 0.1 step', rule('decimal'), '2.5', { value: 2.5 }],
    ['decimal off the step', rule('decimal'), 2.55, { error: '項目 は 0.1 単位で入力してください。' }],
    ['decimal with its own step', rule('decimal', { step: 0.25 }), 0.75, { value: 0.75 }],
    ['decimal refuses words', rule('decimal'), '1,5', { error: '項目 は数値で入力してください。' }],
    ['date', rule('date'), '2025-02-28', { value: '2025-02-28' }],
    [
      'date refuses 2025-02-29',
      rule('date'),
      '2025-02-29',
      { error: '項目 は YYYY-MM-DD 形式の正しい日付で入力してください。' },
    ],
    [
      'date refuses another format',
      rule('date'),
      '2025/02/01',
      { error: '項目 は YYYY-MM-DD 形式の正しい日付で入力してください。' },
    ],
    ['time on the quarter', rule('time'), '09:45', { value: '09:45' }],
    [
      'time off the 15-minute step',
      rule('time'),
      '09:10',
      { error: '項目 は 15 分単位で入力してください。' },
    ],
    [
      'time out of range',
      rule('time'),
      '24:00',
      { error: '項目 は HH:MM 形式の正しい時刻で入力してください。' },
    ],
    ['time with a 5-minute step', rule('time', { step: 300 }), '09:10', { value: '09:10' }],
    ['choice', rule('choice', { choices: [{ value: 'a' }, { value: 'b' }] }), 'b', { value: 'b' }],
    [
      'choice not offered',
      rule('choice', { choices: [{ value: 'a' }] }),
      'z',
      { error: '項目 は選択肢の中から選んでください。' },
    ],
    ['boolean', rule('boolean'), false, { value: false }],
    ['boolean from text', rule('boolean'), 'true', { value: true }],
    [
      'boolean refuses yes',
      rule('boolean'),
      'yes',
      { error: '項目 は はい または いいえ で指定してください。' },
    ],
    ['required boolean accepts false', rule('boolean', { required: true }), false, { value: false }],
    ['string within max_length', rule('string', { max_length: 3 }), '山田花', { value: '山田花' }],
    [
      'string over max_length',
      rule('string', { max_length: 3 }),
      '山田花子',
      { error: '項目 は 3 文字以内で入力してください。' },
    ],
    [
      'string over the default 255',
      rule('string'),
      'x'.repeat(256),
      { error: '項目 は 255 文字以内で入力してください。' },
    ],
    ['string refuses a number', rule('string'), 5, { error: '項目 の形式が正しくありません。' }],
    ['text', rule('text'), '一行目\n二行目', { value: '一行目\n二行目' }],
    ['autocomplete single', rule('autocomplete'), 7, { value: 7 }],
    ['autocomplete multiple', rule('autocomplete', { multiple: true }), [1, 2, 2], { value: [1, 2] }],
    [
      'autocomplete multiple refuses a scalar',
      rule('autocomplete', { multiple: true }),
      1,
      { error: '項目 の形式が正しくありません。' },
    ],
    ['empty optional is null', rule('integer'), '', { value: null }],
    ['empty required', rule('string', { required: true }), '  ', { error: '項目 は必須項目です。' }],
    [
      'empty required file',
      rule('file', { required: true }),
      null,
      { error: 'ファイルを選択してください。' },
    ],
    ['file', rule('file'), upload(10), { value: upload(10) }],
    ['file of exactly 2 MB', rule('file'), upload(MAX_UPLOAD_BYTES), { value: upload(MAX_UPLOAD_BYTES) }],
    [
      'file one byte over 2 MB',
      rule('file'),
      upload(MAX_UPLOAD_BYTES + 1),
      { error: '項目 のサイズは 2048KB 以下にしてください。' },
    ],
    [
      'file that is not an upload string',
      rule('file'),
      'report.pdf',
      { error: '項目 のファイル形式が正しくありません。' },
    ],
  ];
  it.each(cases)('%s', (_name, fieldRule, raw, expected) => {
    expect(parseFieldValue(fieldRule, raw)).toEqual(expected);
  });

  it('keeps an attachment already held when resubmitting a required file field empty', () => {
    expect(parseFieldValue(rule('file', { required: true }), null, { filesPresent: ['f'] })).toEqual({
      value: null,
    });
  });
});

describe('buildFieldValuesSchema', () => {
  const schema = buildFieldValuesSchema([
    rule('string', { name: 'title', label: '件名', required: true }),
    rule('integer', { name: 'amount', label: '金額' }),
    rule('string', { name: 'fixed', label: '固定', read_only: true }),
  ]);

  it('normalises values and drops read-only and unknown keys', () => {
    expect(schema.parse({ title: '出張', amount: '1200', fixed: 'x', other: 1 })).toEqual({
      title: '出張',
      amount: 1200,
    });
  });

  it('reports every field at once under its name', () => {
    const result = schema.safeParse({ amount: 'many' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['title'], '件名 は必須項目です。'],
      [['amount'], '金額 は整数で入力してください。'],
    ]);
  });
});

describe('defaultValueOf', () => {
  it('types the default text', () => {
    expect(defaultValueOf(rule('integer'), '3')).toBe(3);
    expect(defaultValueOf(rule('boolean'), 'false')).toBe(false);
    expect(defaultValueOf(rule('autocomplete', { multiple: true }), '1, 2')).toEqual(['1', '2']);
    expect(defaultValueOf(rule('date'), 'soon')).toBeNull();
  });
});
