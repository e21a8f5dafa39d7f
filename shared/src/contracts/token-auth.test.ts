import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { ZTokenAuthRequest } from './token-auth.ts';
import { PASSWORD_MAX_LENGTH, tokenAuthProblems, USERNAME_MAX_LENGTH } from './token-auth-rules.ts';

/** The first message zod gives for each field, as the form's resolver showed it. */
function zodProblems(values: { username: string; password: string }) {
  const result = ZTokenAuthRequest.safeParse(values);
  const problems: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

// Lengths around every limit, blanks and non-ASCII text: where the two could part.
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u3000', 'a', '社'), maxLength: 12 }),
  fc.integer({ min: USERNAME_MAX_LENGTH - 2, max: PASSWORD_MAX_LENGTH + 2 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 0, max: PASSWORD_MIN_LENGTH + 1 }).map((n) => '鈴'.repeat(n)),
);

describe('the sign-in rules without zod', () => {
  it('give the same verdict and messages as the API schema for any input', () => {
    fc.assert(
      fc.property(text, text, (username, password) => {
        expect(tokenAuthProblems({ username, password })).toEqual(zodProblems({ username, password }));
      }),
      { numRuns: 2_000 },
    );
  });

  it('pass a good sign-in and name each field that is wrong', () => {
    expect(tokenAuthProblems({ username: ' yamada ', password: 'demo1234' })).toEqual({});
    expect(tokenAuthProblems({ username: ' ', password: 'abc' })).toEqual({
      username: 'ユーザー名 は必須項目です。',
      password: `パスワード は ${PASSWORD_MIN_LENGTH} 文字以上で入力してください。`,
    });
  });
});
