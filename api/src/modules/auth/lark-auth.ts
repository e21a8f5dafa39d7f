// Silent sign-in inside the Lark webview: the page gets a one-time authorization code from Lark's H5
// SDK and posts it here; we exchange it with the official SDK (oidc access token, then user info) and
// map the Lark user to a portal account — by the stored binding, else by e-mail, else by employee
// number — recording the binding, since the bot needs each user's open_id. Nobody gets an account by
// signing in unless an administrator listed their e-mail domain (LARK_PROVISION_EMAIL_DOMAINS).
import * as lark from '@larksuiteoapi/node-sdk';
import { z } from 'zod';
import type { TTokenPair } from '@portal/shared/contracts/auth';
import { API_MSG, SSO_MSG } from '@portal/shared/messages';
import type { LarkConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AuthenticationFailed, PermissionDenied } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { openSession, type AuthDeps } from './auth.service.ts';
import * as sso from './sso.repository.ts';

export interface LarkUserInfo {
  readonly openId: string;
  readonly unionId: string;
  readonly userId: string;
  readonly tenantKey: string;
  readonly name: string;
  readonly email: string;
  readonly enterpriseEmail: string;
  readonly employeeNo: string;
}

/** Turns a one-time code into the Lark user it was issued to; throws a 401 ApiError otherwise. */
export interface LarkIdentityProvider {
  userForCode(code: string): Promise<LarkUserInfo>;
}

const ZAxiosFailure = z.object({ response: z.object({ status: z.number() }) });

/**
 * Lark answers a refused call either with HTTP 200 and `code != 0`, or with a 4xx/5xx the SDK throws
 * (lark.md). A refusal means a bad code (401); no answer or a 5xx means Lark is unreachable.
 */
async function callLark<T extends { code?: number | undefined }>(call: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    const failure = ZAxiosFailure.safeParse(error);
    if (failure.success && failure.data.response.status < 500) {
      throw new AuthenticationFailed(SSO_MSG.larkCodeInvalid);
    }
    throw new AuthenticationFailed(SSO_MSG.larkUnavailable);
  }
  if (result.code !== undefined && result.code !== 0) throw new AuthenticationFailed(SSO_MSG.larkCodeInvalid);
  return result;
}

export function createLarkIdentityProvider(config: LarkConfig, logger: Logger): LarkIdentityProvider {
  const log =
    (level: 'warn' | 'debug') =>
    (...msg: unknown[]) =>
      logger[level]({ lark: msg }, 'lark sdk');
  const client = new lark.Client({
    appId: config.appId,
    appSecret: config.appSecret,
    domain: config.domain,
    // Each client its own token cache: the SDK's default one is shared by the whole process.
    cache: new lark.DefaultCache(),
    logger: {
      error: log('warn'),
      warn: log('warn'),
      info: log('debug'),
      debug: log('debug'),
      trace: log('debug'),
    },
  });

  return {
    async userForCode(code) {
      const token = await callLark(() =>
        client.authen.oidcAccessToken.create({ data: { grant_type: 'authorization_code', code } }),
      );
      const accessToken = token.data?.access_token;
      if (!accessToken) throw new AuthenticationFailed(SSO_MSG.larkCodeInvalid);
      const info = await callLark(() =>
        client.authen.userInfo.get({}, lark.withUserAccessToken(accessToken)),
      );
      const data = info.data;
      if (!data?.open_id) throw new AuthenticationFailed(SSO_MSG.larkCodeInvalid);
      return {
        openId: data.open_id,
        unionId: data.union_id ?? '',
        userId: data.user_id ?? '',
        tenantKey: data.tenant_key ?? '',
        name: data.name ?? '',
        email: data.email ?? '',
        enterpriseEmail: data.enterprise_email ?? '',
        employeeNo: data.employee_no ?? '',
      };
    },
  };
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

async function findOrProvision(db: Db, info: LarkUserInfo, provisionDomains: readonly string[]) {
  const emails = [info.enterpriseEmail, info.email].filter((e) => e.includes('@'));
  const bound = await sso.findUserByLarkOpenId(db, info.openId);
  if (bound) return bound;
  for (const email of emails) {
    const byEmail = await sso.findUserByEmail(db, email);
    if (byEmail) return byEmail;
  }
  const byCode = await sso.findUserByEmployeeCode(db, info.employeeNo);
  if (byCode) return byCode;
  const allowed = emails.find((email) => provisionDomains.includes(domainOf(email)));
  if (!allowed) return null;
  return sso.createSsoUser(db, { username: allowed.toLowerCase(), fullName: info.name, email: allowed });
}

/** POST /api/lark-auth/ */
export async function signInWithLark({
  ctx,
  input,
}: {
  ctx: AuthDeps & { lark: LarkIdentityProvider; provisionDomains: readonly string[] };
  input: { code: string; ip: string };
}): Promise<TTokenPair> {
  await ctx.throttle.admitAddress(input.ip);
  const info = await ctx.lark.userForCode(input.code);
  const user = await ctx.db.transaction(async (tx) => {
    const found = await findOrProvision(tx, info, ctx.provisionDomains);
    if (found?.isActive) {
      await sso.saveLarkBinding(tx, found.id, {
        openId: info.openId,
        unionId: info.unionId,
        userIdInLark: info.userId,
        tenantKey: info.tenantKey,
      });
    }
    return found;
  });
  await ctx.throttle.refundAddress(input.ip);
  if (!user) throw new PermissionDenied(SSO_MSG.larkNoAccount);
  if (!user.isActive) throw new AuthenticationFailed(API_MSG.inactiveUser);
  return openSession(ctx, user.id, 'lark');
}
