// The auth module's endpoints (api/src/modules/auth/): the sign-in doors (public), the sign-outs
// (signed in), and the CAS server's single-logout post.
import type {
  TAuthMethods,
  TCasAuthRequest,
  TCasLogoutDone,
  TCasTokenPair,
  TLarkAuthRequest,
  TLogoutDone,
  TLogoutRequest,
  TSignInHandoffRequest,
  TTokenAuthRequest,
  TTokenPair,
  TTokenRefreshRequest,
} from '../contracts/auth.ts';
import { endpoint, io } from './endpoint.ts';

const open = { caller: 'public' } as const;

export const auth = {
  /**
   * The CAS server's single-logout post (a form, outside /api's JSON rule). Its path is the
   * deployment's CAS_SINGLE_LOGOUT_PATH, so this entry is not mounted by route(): docs/structure.md.
   */
  casSingleLogout: endpoint('post', '/cas/slo/', io<{ answer: string }>(), open),
  signIn: endpoint('post', '/api/token-auth/', io<{ body: TTokenAuthRequest; answer: TTokenPair }>(), open),
  refreshTokens: endpoint(
    'post',
    '/api/token-refresh/',
    io<{ body: TTokenRefreshRequest; answer: TTokenPair }>(),
    open,
  ),
  logout: endpoint('post', '/api/account/logout/', io<{ body: TLogoutRequest; answer: TLogoutDone }>()),
  larkSignIn: endpoint('post', '/api/lark-auth/', io<{ body: TLarkAuthRequest; answer: TTokenPair }>(), open),
  casSignIn: endpoint('post', '/api/cas-auth/', io<{ body: TCasAuthRequest; answer: TCasTokenPair }>(), open),
  casLogout: endpoint(
    'post',
    '/api/account/cas-logout/',
    io<{ body: TLogoutRequest; answer: TCasLogoutDone }>(),
  ),
  /** Redirects to the mail account's provider (`?next=` the page to come back to). */
  mailStart: endpoint('get', '/api/auth/mail/start/', io<{ query: { next?: string }; answer: void }>(), open),
  /** The provider's redirect back; redirects on to the portal with a one-time code. */
  mailCallback: endpoint('get', '/api/auth/mail/callback/', io<{ answer: void }>(), open),
  /** The one-time code of a single sign-on's redirect, for its token pair (issue 32). */
  handoff: endpoint(
    'post',
    '/api/auth/handoff/',
    io<{ body: TSignInHandoffRequest; answer: TTokenPair }>(),
    open,
  ),
  methods: endpoint('get', '/api/auth/methods/', io<{ answer: TAuthMethods }>(), open),
} as const;
