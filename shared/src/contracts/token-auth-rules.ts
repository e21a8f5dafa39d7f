// The sign-in body's rules, without zod: the sign-in page checks what was typed with these, and zod
// (a quarter of the page's script once the form is used) stays off it (docs/benchmarks.md, 150 KB
// budget). ZTokenAuthRequest (token-auth.ts), which the API parses the body with, is built from the
// same limits and messages, and token-auth.test.ts holds the two to the same verdict on any input.
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';
import { PASSWORD_LABEL, USERNAME_LABEL } from './auth-fields.ts';

export const USERNAME_MAX_LENGTH = 150;
export const PASSWORD_MAX_LENGTH = 256;

export interface TokenAuthValues {
  username: string;
  password: string;
}

/** The first problem with each field, worded as the API words it; an empty object when there is none. */
export function tokenAuthProblems(values: TokenAuthValues): Partial<Record<keyof TokenAuthValues, string>> {
  const problems: Partial<Record<keyof TokenAuthValues, string>> = {};
  const username = values.username.trim();
  if (username.length === 0) problems.username = FIELD_MSG.required(USERNAME_LABEL);
  else if (username.length > USERNAME_MAX_LENGTH)
    problems.username = FIELD_MSG.maxLength(USERNAME_LABEL, USERNAME_MAX_LENGTH);
  const { password } = values;
  if (password.length === 0) problems.password = FIELD_MSG.required(PASSWORD_LABEL);
  else if (password.length < PASSWORD_MIN_LENGTH)
    problems.password = FIELD_MSG.minLength(PASSWORD_LABEL, PASSWORD_MIN_LENGTH);
  else if (password.length > PASSWORD_MAX_LENGTH)
    problems.password = FIELD_MSG.maxLength(PASSWORD_LABEL, PASSWORD_MAX_LENGTH);
  return problems;
}
