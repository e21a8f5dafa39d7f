// POST /api/token-auth/ — the API parses the body with this schema. The sign-in form checks with
// token-auth-rules.ts, which has the same limits and messages without zod (token-auth.test.ts
// holds them to the same verdicts).
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';
import { PASSWORD_LABEL, USERNAME_LABEL } from './auth-fields.ts';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from './token-auth-rules.ts';

export const ZTokenAuthRequest = z.object({
  username: z
    .string({ error: FIELD_MSG.required(USERNAME_LABEL) })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MSG.required(USERNAME_LABEL)),
      z.maxLength(USERNAME_MAX_LENGTH, FIELD_MSG.maxLength(USERNAME_LABEL, USERNAME_MAX_LENGTH)),
    ),
  password: z
    .string({ error: FIELD_MSG.required(PASSWORD_LABEL) })
    .check(
      z.minLength(1, FIELD_MSG.required(PASSWORD_LABEL)),
      z.minLength(PASSWORD_MIN_LENGTH, FIELD_MSG.minLength(PASSWORD_LABEL, PASSWORD_MIN_LENGTH)),
      z.maxLength(PASSWORD_MAX_LENGTH, FIELD_MSG.maxLength(PASSWORD_LABEL, PASSWORD_MAX_LENGTH)),
    ),
});
export type TTokenAuthRequest = z.infer<typeof ZTokenAuthRequest>;
