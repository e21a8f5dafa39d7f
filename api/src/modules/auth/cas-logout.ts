// Ending CAS sessions, both ways round:
// - POST /api/account/cas-logout/ (signed in): ends the caller's session here and answers the CAS
//   logout URL, so the browser also ends its CAS single sign-on session.
// - Single logout: when a user signs out of CAS anywhere, the CAS server POSTs a form field
//   `logoutRequest` (SAML XML whose SessionIndex is the service ticket) to us; the session opened with
//   that ticket is revoked, so its tokens stop working at once. Unauthenticated by nature: the ticket,
//   which only CAS and the signed-in browser ever saw, is the credential.
import express, { Router } from 'express';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { ZCasLogoutDone, ZLogoutRequest } from '@portal/shared/contracts/auth';
import { auth } from '@portal/shared/endpoints/auth';
import { API_MSG } from '@portal/shared/messages';
import type { ApiModule } from '../../api-module.ts';
import type { CasConfig } from '../../config.ts';
import { ParseError } from '../../errors.ts';
import { route, type EndpointRouter } from '../../http/route.ts';
import { logout } from './auth.service.ts';
import type { TokenService } from '../../identity/tokens.ts';
import * as sso from './sso.repository.ts';

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, processEntities: false });
const ZLogoutXml = z.object({
  LogoutRequest: z.object({ SessionIndex: z.union([z.string(), z.number()]).transform(String) }),
});

/** The SessionIndex (the service ticket) of a CAS logoutRequest, or null. */
export function sessionIndexOf(xml: string): string | null {
  try {
    const parsed = ZLogoutXml.safeParse(parser.parse(xml));
    const index = parsed.success ? parsed.data.LogoutRequest.SessionIndex.trim() : '';
    return index || null;
  } catch {
    return null;
  }
}

/** The CAS logout URL, coming back to this portal's /login afterwards. */
export function casLogoutUrl(cas: CasConfig, origin: string): string {
  const url = new URL(`${cas.serverUrl}/logout`);
  url.searchParams.set('service', `${origin}/login`);
  return url.toString();
}

/** POST /api/account/cas-logout/: the session ends here, and the answer names CAS's logout page. */
export function casLogoutRoute(
  on: EndpointRouter,
  deps: { cas: CasConfig | null; tokens: TokenService; originOf: (req: express.Request) => string },
): void {
  route(on, auth.casLogout, { body: ZLogoutRequest, answer: ZCasLogoutDone }, async ({ ctx, body, req }) => {
    await logout({ ctx: { ...ctx, tokens: deps.tokens }, input: body });
    const redirect_url = deps.cas ? casLogoutUrl(deps.cas, deps.originOf(req)) : null;
    return { detail: API_MSG.logoutDone, redirect_url };
  });
}

/** The single-logout endpoint, mounted outside /api's JSON-only body rule (CAS posts a form). */
export function casSingleLogoutModule(path: string): ApiModule {
  return {
    name: 'auth',
    prefixes: [path],
    router: ({ db, logger }) =>
      Router().post(path, express.urlencoded({ extended: false, limit: '64kb' }), async (req, res) => {
        const body: unknown = req.body;
        const form = z.object({ logoutRequest: z.string() }).safeParse(body);
        const ticket = form.success ? sessionIndexOf(form.data.logoutRequest) : null;
        if (!ticket) throw new ParseError(API_MSG.invalidInput);
        const revoked = await sso.revokeCasSessions(db, ticket);
        logger.info({ revoked }, 'cas single logout');
        res.type('text/plain').send('OK');
      }),
  };
}
