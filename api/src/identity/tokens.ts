// JWTs, HS256 with jose. Access tokens name the user (`sub`) and the session (`sid`); refresh tokens
// also carry a `jti` that matches one refresh_tokens row, which is what makes rotation and reuse
// detection possible. Verification failures of any kind become one InvalidToken (401).
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { InvalidToken } from '../errors.ts';

const ISSUER = 'portal-api';
const ALGORITHM = 'HS256';

const ZClaims = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.uuid(),
  jti: z.uuid(),
  token_type: z.enum(['access', 'refresh']),
});

export interface TokenSubject {
  readonly userId: number;
  readonly sessionId: string;
}

export interface RefreshClaims extends TokenSubject {
  readonly jti: string;
}

export interface IssuedRefresh {
  readonly token: string;
  readonly jti: string;
  readonly expiresAt: Date;
}

export interface TokenService {
  issueAccess(subject: TokenSubject): Promise<string>;
  issueRefresh(subject: TokenSubject): Promise<IssuedRefresh>;
  verifyAccess(token: string): Promise<TokenSubject>;
  verifyRefresh(token: string): Promise<RefreshClaims>;
}

export interface TokenSettings {
  readonly secret: string;
  readonly accessTtlSeconds: number;
  readonly refreshTtlSeconds: number;
}

export function createTokenService(settings: TokenSettings): TokenService {
  const key = new TextEncoder().encode(settings.secret);

  async function sign(subject: TokenSubject, type: 'access' | 'refresh', jti: string, ttlSeconds: number) {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + ttlSeconds;
    const token = await new SignJWT({ sid: subject.sessionId, token_type: type })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(subject.userId))
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
    return { token, exp };
  }

  async function verify(token: string, type: 'access' | 'refresh'): Promise<RefreshClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        // A token without an expiry would be good forever: refuse it even when correctly signed.
        requiredClaims: ['exp'],
      }));
    } catch {
      throw new InvalidToken();
    }
    const claims = ZClaims.safeParse(payload);
    // An access token offered as a refresh token (or the reverse) is as useless as a forged one.
    if (!claims.success || claims.data.token_type !== type) throw new InvalidToken();
    return { userId: Number(claims.data.sub), sessionId: claims.data.sid, jti: claims.data.jti };
  }

  return {
    async issueAccess(subject) {
      return (await sign(subject, 'access', randomUUID(), settings.accessTtlSeconds)).token;
    },
    async issueRefresh(subject) {
      const jti = randomUUID();
      const { token, exp } = await sign(subject, 'refresh', jti, settings.refreshTtlSeconds);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    async verifyAccess(token) {
      const { userId, sessionId } = await verify(token, 'access');
      return { userId, sessionId };
    },
    verifyRefresh: (token) => verify(token, 'refresh'),
  };
}
