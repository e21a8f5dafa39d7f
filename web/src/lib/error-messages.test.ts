import { describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared/messages';
import { ApiError } from './api-error.ts';
import { CONNECTION_MESSAGE, errorMessages, formErrorMessage } from './error-messages.ts';

describe('error toast messages (spec §8.1)', () => {
  it('shows the detail when the error has one', () => {
    expect(errorMessages(new ApiError(403, { detail: '権限がありません。', name: ['無視'] }))).toEqual([
      '権限がありません。',
    ]);
  });

  it('otherwise shows every message of every array-valued key except status_code', () => {
    const body = {
      name: ['名前は必須です。', '長すぎます。'],
      status_code: ['400'],
      email: ['形式が違います。'],
      note: 'x',
    };
    expect(errorMessages(new ApiError(400, body))).toEqual([
      '名前は必須です。',
      '長すぎます。',
      '形式が違います。',
    ]);
  });

  it('accepts a bare error body too', () => {
    expect(errorMessages({ file: ['ファイルを選択してください。'] })).toEqual([
      'ファイルを選択してください。',
    ]);
  });

  it('falls back to the unexpected-error message', () => {
    expect(errorMessages(new ApiError(500, '<html>'))).toEqual([MSG.unexpected]);
    expect(errorMessages(new ApiError(400, { status_code: ['400'] }))).toEqual([MSG.unexpected]);
    expect(errorMessages(new Error('boom'))).toEqual([MSG.unexpected]);
    expect(errorMessages(null)).toEqual([MSG.unexpected]);
  });

  it('gives forms the detail or the unexpected-error message', () => {
    expect(formErrorMessage(new ApiError(409, { detail: '競合しました。' }))).toBe('競合しました。');
    expect(formErrorMessage(new ApiError(500, null))).toBe(MSG.unexpected);
  });

  it('says the server cannot be reached when no answer came, or a gateway answered 502/503/504', () => {
    expect(errorMessages(new ApiError(0, null, 'Failed to fetch'))).toEqual([CONNECTION_MESSAGE]);
    expect(errorMessages(new ApiError(502, '<html>Bad Gateway</html>'))).toEqual([CONNECTION_MESSAGE]);
    expect(errorMessages(new ApiError(504, null))).toEqual([CONNECTION_MESSAGE]);
    expect(formErrorMessage(new ApiError(0, null))).toBe(CONNECTION_MESSAGE);
    expect(errorMessages(new ApiError(503, { detail: '起動中です。' }))).toEqual(['起動中です。']);
  });
});
