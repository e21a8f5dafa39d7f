// The auth module's endpoints (api/src/modules/auth/). Types still to be named: see docs/structure.md.
import type { TSignInHandoffRequest, TTokenPair } from '../contracts/auth.ts';
import { endpoint, io } from './endpoint.ts';

export const auth = {
  postCasSlo: endpoint('post', '/cas/slo/', io<{ answer: unknown }>(), { caller: 'public' }),
  postTokenAuth: endpoint('post', '/api/token-auth/', io<{ answer: unknown }>(), { caller: 'public' }),
  postTokenRefresh: endpoint('post', '/api/token-refresh/', io<{ answer: unknown }>(), { caller: 'public' }),
  postAccountLogout: endpoint('post', '/api/account/logout/', io<{ answer: unknown }>(), {
    caller: 'public',
  }),
  postLarkAuth: endpoint('post', '/api/lark-auth/', io<{ answer: unknown }>(), { caller: 'public' }),
  postCasAuth: endpoint('post', '/api/cas-auth/', io<{ answer: unknown }>(), { caller: 'public' }),
  postAccountCasLogout: endpoint('post', '/api/account/cas-logout/', io<{ answer: unknown }>(), {
    caller: 'public',
  }),
  getAuthMailStart: endpoint('get', '/api/auth/mail/start/', io<{ answer: unknown }>(), { caller: 'public' }),
  getAuthMailCallback: endpoint('get', '/api/auth/mail/callback/', io<{ answer: unknown }>(), {
    caller: 'public',
  }),
  /** The one-time code of a single sign-on's redirect, for its token pair (issue 32). */
  handoff: endpoint('post', '/api/auth/handoff/', io<{ body: TSignInHandoffRequest; answer: TTokenPair }>(), {
    caller: 'public',
  }),
  getAuthMethods: endpoint('get', '/api/auth/methods/', io<{ answer: unknown }>(), { caller: 'public' }),
} as const;
