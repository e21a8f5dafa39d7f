import type { TSignInHandoffRequest, TTokenPair } from '@portal/shared/contracts/auth';
import { auth } from '@portal/shared/endpoints/auth';
import { api } from '@/lib/api-client.ts';

// A code is spent by its first exchange: a remount (React's StrictMode runs effects twice) must reuse
// that exchange rather than send the code again and meet a 401.
const exchanges = new Map<string, Promise<TTokenPair>>();

/** POST /api/auth/handoff/: the one-time code of a single sign-on's redirect, for its token pair. */
export function redeemHandoff(code: string): Promise<TTokenPair> {
  let pending = exchanges.get(code);
  if (!pending) {
    const body: TSignInHandoffRequest = { code };
    pending = api.call(auth.handoff, {}, body, { auth: false });
    exchanges.set(code, pending);
    // Its failure is shown by whoever awaits it; the promise is made before they attach.
    pending.catch(() => undefined);
  }
  return pending;
}
