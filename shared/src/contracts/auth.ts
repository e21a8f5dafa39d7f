import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';
import { FIELD_LABELS } from './field-labels.ts';

export { PASSWORD_LABEL, USERNAME_LABEL } from './auth-fields.ts';

export { ZTokenAuthRequest, type TTokenAuthRequest } from './token-auth.ts';

export const ZTokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

/** POST /api/token-refresh/ — rotating: the answer carries a new refresh token too. */
export const ZTokenRefreshRequest = z.object({
  refresh: z
    .string({ error: FIELD_MSG.required(FIELD_LABELS.refresh) })
    .min(1, FIELD_MSG.required(FIELD_LABELS.refresh)),
});
export type TTokenRefreshRequest = z.infer<typeof ZTokenRefreshRequest>;

/** POST /api/account/logout/ — the refresh token's family is revoked when given. */
export const ZLogoutRequest = z.object({ refresh: z.string().min(1).optional() });
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

/** POST /api/cas-auth/ (sign-in issue). */
export const ZCasAuthRequest = z.object({ service: z.string().min(1), ticket: z.string().min(1) });
export const ZCasTokenPair = ZTokenPair.extend({ sessionid: z.string() });
export type TCasAuthRequest = z.infer<typeof ZCasAuthRequest>;
export type TCasTokenPair = z.infer<typeof ZCasTokenPair>;

/** The sign-outs' answer; after a CAS sign-in, also the CAS logout page to go to (null without CAS). */
export const ZLogoutDone = z.object({ detail: z.string() });
export type TLogoutDone = z.infer<typeof ZLogoutDone>;
export const ZCasLogoutDone = ZLogoutDone.extend({ redirect_url: z.string().nullable() });
export type TCasLogoutDone = z.infer<typeof ZCasLogoutDone>;

/** POST /api/lark-auth/ (sign-in issue). */
export const ZLarkAuthRequest = z.object({ code: z.string().min(1) });
export type TLarkAuthRequest = z.infer<typeof ZLarkAuthRequest>;

/**
 * POST /api/auth/handoff/: the one-time code a single sign-on's redirect hands to /login-native?code=,
 * exchanged once for the session's token pair (issue 32: no token travels in a URL).
 */
export const ZSignInHandoffRequest = z.strictObject({ code: z.string().min(1).max(100) });
export type TSignInHandoffRequest = z.infer<typeof ZSignInHandoffRequest>;

export { AUTH_SCHEME, CAS_TOKEN_HEADER } from '../http.ts';

/**
 * GET /api/auth/methods/ (public): which sign-in doors this deployment has open, so the web knows
 * whether /login goes to CAS, whether to show the mail-account button, and how to load Lark's H5 SDK.
 */
export const ZAuthMethods = z.object({
  password: z.boolean(),
  cas: z.object({ login_url: z.string() }).nullable(),
  mail: z.object({ label: z.string() }).nullable(),
  lark: z.object({ app_id: z.string(), sdk_url: z.string() }).nullable(),
});
export type TAuthMethods = z.infer<typeof ZAuthMethods>;
