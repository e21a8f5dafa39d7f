import { describe, expect, it } from 'vitest';
import type { FieldDecl } from '../resource.ts';
import { problemOf, serverErrors } from './field-resolver.ts';

const field = (overrides: Partial<FieldDecl>): FieldDecl => ({
  name: 'x',
  label: '項目',
  kind: 'text',
  ...overrides,
});

describe('the declared fields check', () => {
  it('asks for required values and leaves optional empty ones', () => {
    expect(problemOf(field({ required: true }), '  ')).toBe('項目 は必須項目です。');
    expect(problemOf(field({ required: true, kind: 'select' }), null)).toBe('項目 は必須項目です。');
    expect(problemOf(field({}), '')).toBeNull();
    expect(problemOf(field({ kind: 'check', required: true }), false)).toBeNull();
  });

  it('refuses impossible dates and times and short passwords', () => {
    expect(problemOf(field({ kind: 'date' }), '2026-02-30')).toMatch(/YYYY-MM-DD/);
    expect(problemOf(field({ kind: 'date' }), '2026-02-28')).toBeNull();
    expect(problemOf(field({ kind: 'time' }), '24:00')).toMatch(/HH:MM/);
    expect(problemOf(field({ kind: 'time' }), '09:30')).toBeNull();
    expect(problemOf(field({ kind: 'password', minLength: 8 }), 'short')).toBe(
      '項目 は 8 文字以上で入力してください。',
    );
  });

  it('splits the server errors into the ones under known inputs and the rest', () => {
    expect(
      serverErrors({ 'contract.end_date': ['後にしてください'], detail: ['だめです'] }, [
        'contract.end_date',
      ]),
    ).toEqual({ placed: [['contract.end_date', '後にしてください']], unplaced: ['だめです'] });
  });
});
