// The outside sign-in services of the end-to-end server (serve.mjs with E2E_SSO=1), and the API
// settings that point at them. The demo company's users have <username>@example.com addresses.
import { OIDC_CALLBACK_PATH } from '../../../api/src/config.ts';
import { startFakeCas } from './fake-cas.ts';
import { startFakeLark } from './fake-lark.ts';
import { startOidcIdp } from './oidc-idp.ts';

/** Lark users of the e2e fake: suzuki has a portal account (by e-mail), the stranger has none. */
export const E2E_LARK_USERS = { suzuki: 'ou_e2e_suzuki', stranger: 'ou_e2e_stranger' } as const;

export async function startSignInFakes(publicUrl: string): Promise<Record<string, string>> {
  const lark = await startFakeLark({
    users: [
      { open_id: E2E_LARK_USERS.suzuki, enterprise_email: 'suzuki@example.com', name: '鈴木 一郎' },
      { open_id: E2E_LARK_USERS.stranger, email: 'stranger@elsewhere.example', name: '部外者' },
    ],
  });
  const cas = await startFakeCas({ users: { yamada: {}, stranger: {} } });
  const idp = await startOidcIdp({
    redirectUris: [`${publicUrl}${OIDC_CALLBACK_PATH}`],
    accounts: { yamada: { email: 'yamada@example.com' }, stranger: { email: 'stranger@elsewhere.example' } },
  });
  return {
    PUBLIC_URL: publicUrl,
    LARK_APP_ID: lark.appId,
    LARK_APP_SECRET: lark.appSecret,
    LARK_DOMAIN: lark.url,
    LARK_H5_SDK_URL: lark.sdkUrl,
    CAS_SERVER_URL: cas.url,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
  };
}
