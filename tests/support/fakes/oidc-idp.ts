// The mail provider for tests: a real OpenID Connect provider (oidc-provider) on 127.0.0.1, with a
// tiny sign-in page of its own instead of a password check: typing a known account id signs in as it
// and grants the requested scopes. Its accounts carry verified e-mail addresses, as Microsoft 365 or
// Google Workspace would.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { escapeXml, listenLocal, readBody } from './listen.ts';

export interface IdpAccount {
  readonly email: string;
  readonly name?: string;
  readonly emailVerified?: boolean;
}

export interface OidcIdp {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  close(): Promise<void>;
}

export const FAKE_OIDC_CLIENT = { clientId: 'portal-test', clientSecret: 'portal-test-secret' } as const;

function page(body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>メールアカウント</title></head><body>${body}</body></html>`;
}

export async function startOidcIdp(options: {
  redirectUris: readonly string[];
  accounts: Readonly<Record<string, IdpAccount>>;
}): Promise<OidcIdp> {
  // The provider needs the issuer URL, which exists only once the server listens.
  const ready: { provider?: Provider } = {};

  async function interaction(req: IncomingMessage, res: ServerResponse, idp: Provider) {
    const details = await idp.interactionDetails(req, res);
    const html = (error = '') => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        page(`<h1>メールアカウントでサインイン</h1>${error ? `<p role="alert">${escapeXml(error)}</p>` : ''}
<form method="post" action="/interaction/${details.uid}">
<label>アカウント <input name="login" autocomplete="username"></label>
<button type="submit">サインイン</button>
</form>`),
      );
    };
    if (req.method !== 'POST') return html();
    const login = new URLSearchParams(await readBody(req)).get('login') ?? '';
    if (!options.accounts[login]) return html('アカウントが見つかりません');
    const grant = new idp.Grant({ accountId: login, clientId: String(details.params['client_id']) });
    grant.addOIDCScope(String(details.params['scope']));
    const grantId = await grant.save();
    await idp.interactionFinished(
      req,
      res,
      { login: { accountId: login }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const listening = await listenLocal((req, res) => {
    const idp = ready.provider;
    if (!idp) {
      res.writeHead(503).end();
      return;
    }
    if ((req.url ?? '').startsWith('/interaction/')) {
      interaction(req, res, idp).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    void idp.callback()(req, res);
  });

  ready.provider = new Provider(listening.url, {
    clients: [
      {
        client_id: FAKE_OIDC_CLIENT.clientId,
        client_secret: FAKE_OIDC_CLIENT.clientSecret,
        redirect_uris: [...options.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, id) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name ?? id,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    interactions: { url: (_ctx, details) => `/interaction/${details.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['fake-idp-cookie-key'] },
  });

  return { issuer: listening.url, ...FAKE_OIDC_CLIENT, close: listening.close };
}
