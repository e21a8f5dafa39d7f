// POST /api/token-auth/ — the same schema validates the sign-in form (spec §5) and the API body.
// Written with zod/mini, which tree-shakes: the sign-in page loads a few KB of it instead of the
// whole of zod (docs/benchmarks.md). Both the web resolver and the API's parseBody accept it.
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';
import { PASSWORD_LABEL, USERNAME_LABEL } from './auth-fields.ts';

export const ZTokenAuthRequest = z.object({
  username: z
    .string({ error: FIELD_MSG.required(USERNAME_LABEL) })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MSG.required(USERNAME_LABEL)),
      z.maxLength(150, FIELD_MSG.maxLength(USERNAME_LABEL, 150)),
    ),
  password: z
    .string({ error: FIELD_MSG.required(PASSWORD_LABEL) })
    .check(
      z.minLength(1, FIELD_MSG.required(PASSWORD_LABEL)),
      z.minLength(PASSWORD_MIN_LENGTH, FIELD_MSG.minLength(PASSWORD_LABEL, PASSWORD_MIN_LENGTH)),
      z.maxLength(256, FIELD_MSG.maxLength(PASSWORD_LABEL, 256)),
    ),
});
export type TTokenAuthRequest = z.infer<typeof ZTokenAuthRequest>;
