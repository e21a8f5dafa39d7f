// CAS single sign-on (the browser door). /login sends the browser to {CAS}/login with this page as
// the service; CAS sends it back with ?ticket=, which the page posts here. We validate the ticket with
// the CAS 3.0 serviceValidate call, map the CAS user to a portal account, and open a session that
// remembers the ticket: the CAS server's single-logout request names that ticket (cas-logout.ts).
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { withinDeadline } from '@portal/shared/deadline';
import { API_MSG, SSO_MSG } from '@portal/shared/messages';
import type { CasConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AuthenticationFailed, PermissionDenied, ValidationError } from '../../errors.ts';
import { openSessionWithId, type AuthDeps } from './auth.service.ts';
import * as sso from './sso.repository.ts';

export const CAS_VALIDATE_TIMEOUT_MS = 10_000;

export interface CasPrincipal {
  readonly user: string;
  readonly attributes: Readonly<Record<string, string>>;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: true,
  // CAS answers are tiny: a document declaring entities is not one of them.
  processEntities: false,
});

const ZScalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const ZServiceResponse = z.object({
  serviceResponse: z.object({
    authenticationSuccess: z
      .object({
        user: ZScalar,
        // An empty <cas:attributes/> parses as ''.
        attributes: z
          .union([z.record(z.string(), z.union([ZScalar, z.array(ZScalar)])), z.literal('')])
          .optional(),
      })
      .optional(),
    authenticationFailure: z.unknown().optional(),
  }),
});

/** The principal of a serviceValidate answer, or null for a failure or anything unreadable. */
export function parseServiceValidate(xml: string): CasPrincipal | null {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return null;
  }
  const parsed = ZServiceResponse.safeParse(document);
  const success = parsed.success ? parsed.data.serviceResponse.authenticationSuccess : undefined;
  if (!success || !success.user.trim()) return null;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(success.attributes || {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) attributes[name] = first;
  }
  return { user: success.user.trim(), attributes };
}

export async function validateTicket(
  config: CasConfig,
  service: string,
  ticket: string,
): Promise<CasPrincipal> {
  const url = new URL(`${config.serverUrl}/p3/serviceValidate`);
  url.searchParams.set('service', service);
  url.searchParams.set('ticket', ticket);
  let answer: { ok: boolean; text: string };
  try {
    // The body too, within the deadline (shared/src/deadline.ts says why not the signal alone).
    answer = await withinDeadline(CAS_VALIDATE_TIMEOUT_MS, async (signal) => {
      const response = await fetch(url, { headers: { Accept: 'application/xml' }, signal });
      return { ok: response.ok, text: await response.text() };
    });
  } catch {
    throw new AuthenticationFailed(SSO_MSG.casUnavailable);
  }
  if (!answer.ok) throw new AuthenticationFailed(SSO_MSG.casUnavailable);
  const principal = parseServiceValidate(answer.text);
  if (!principal) throw new AuthenticationFailed(SSO_MSG.casTicketInvalid);
  return principal;
}

/**
 * The service must be this portal's /login page: a ticket issued to another CAS application must not
 * open a session here.
 */
export function checkService(service: string, expectedOrigin: string): void {
  let url: URL;
  try {
    url = new URL(service);
  } catch {
    throw ValidationError.field('service', SSO_MSG.casServiceInvalid);
  }
  if (url.origin !== expectedOrigin || url.pathname !== '/login' || url.hash) {
    throw ValidationError.field('service', SSO_MSG.casServiceInvalid);
  }
}

async function findCasUser(db: Db, principal: CasPrincipal) {
  const byUsername = await sso.findUserByUsername(db, principal.user);
  if (byUsername) return byUsername;
  const email = principal.attributes['mail'] ?? principal.attributes['email'] ?? principal.user;
  if (email.includes('@')) {
    const byEmail = await sso.findUserByEmail(db, email);
    if (byEmail) return byEmail;
  }
  const code =
    principal.attributes['employeeNumber'] ?? principal.attributes['employee_no'] ?? principal.user;
  return sso.findUserByEmployeeCode(db, code);
}

/** POST /api/cas-auth/ → { access, refresh, sessionid } */
export async function signInWithCas({
  ctx,
  input,
}: {
  ctx: AuthDeps & { cas: CasConfig };
  input: { service: string; ticket: string; ip: string; origin: string };
}): Promise<{ access: string; refresh: string; sessionid: string }> {
  checkService(input.service, input.origin);
  await ctx.throttle.admitAddress(input.ip);
  if (await sso.casTicketUsed(ctx.db, input.ticket)) throw new AuthenticationFailed(SSO_MSG.casTicketInvalid);
  const principal = await validateTicket(ctx.cas, input.service, input.ticket);
  await ctx.throttle.refundAddress(input.ip);
  const user = await findCasUser(ctx.db, principal);
  if (!user) throw new PermissionDenied(SSO_MSG.casNoAccount);
  if (!user.isActive) throw new AuthenticationFailed(API_MSG.inactiveUser);
  const { pair, sessionId } = await openSessionWithId(ctx, user.id, 'cas', input.ticket);
  return { ...pair, sessionid: sessionId };
}
