import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { applyFieldErrors } from './form-errors.ts';

describe('applyFieldErrors', () => {
  it('puts the first message of each known field under it and returns the rest', () => {
    const setError = vi.fn();
    const error = new ApiError(400, {
      name: ['名前は必須です。', '二つ目'],
      unknown: ['この項目は受け付けられません。'],
      non_field_errors: ['期間が重なっています。'],
    });
    const result = applyFieldErrors<{ name: string; email: string }>(error, setError, ['name', 'email']);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: '名前は必須です。' },
      { shouldFocus: true },
    );
    expect(result).toEqual({
      placed: ['name'],
      unplaced: ['期間が重なっています。', 'この項目は受け付けられません。'],
    });
  });

  it('returns the detail of a non-field error and places nothing', () => {
    const setError = vi.fn();
    const result = applyFieldErrors<{ name: string }>(
      new ApiError(409, { detail: '競合しました。' }),
      setError,
      ['name'],
    );
    expect(setError).not.toHaveBeenCalled();
    expect(result).toEqual({ placed: [], unplaced: ['競合しました。'] });
  });
});
