import { z } from 'zod';

/** Machine-readable error codes carried beside the Japanese `detail`. */
export const ERROR_CODES = [
  'validation_error',
  'parse_error',
  'not_authenticated',
  'authentication_failed',
  'token_invalid',
  'token_reused',
  'permission_denied',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'throttled',
  'server_error',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** `{detail, code}` for 401/403/404/409/413/429/500. */
export const ZErrorDetail = z.object({ detail: z.string(), code: z.enum(ERROR_CODES).optional() });
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

/**
 * 400 with field errors: `{field: ["…"]}`, Django REST style. Errors not tied to one field go under
 * `non_field_errors`. `detail` may accompany them as a summary.
 */
export const ZFieldErrors = z.record(z.string(), z.union([z.array(z.string()), z.string()]));
export type TFieldErrors = z.infer<typeof ZFieldErrors>;

export { NON_FIELD_ERRORS } from '../http.ts';
