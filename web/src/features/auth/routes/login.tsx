import { useEffect, useRef, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { Alert } from '@/components/alert.tsx';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '@portal/shared/messages';
import { isApiError } from '@/lib/api-error.ts';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { isInLark, loadLarkSdk, requestLarkCode } from '@/lib/lark.ts';
import { safeNext } from '@/lib/safe-next.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { useAuthMethods } from '../api/get-auth-methods.ts';
import { useCasAuth } from '../api/cas-auth.ts';
import { useLarkAuth } from '../api/lark-auth.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { SigningIn } from '../components/signing-in.tsx';
import { endLocalSession } from '../lib/session.ts';
import {
  casLoginUrl,
  casServiceUrl,
  nativeLoginPath,
  resolveLoginStrategy,
  type LoginStrategy,
} from '../lib/login-strategy.ts';

/**
 * /login (route 'login'): signs in with a returned CAS ticket or a Lark authorization code, else
 * sends the browser to the CAS login page, else — no CAS configured — to the password form.
 *
 * The sign-in itself lives here, in the route, and not in a part that shows only while the sign-in
 * settings are loaded: starting the session drops every cached answer, the settings included, so the
 * page goes back to loading them while the next page loads. A part that unmounted then would forget
 * that its single-use ticket was spent and send it again, and the refusal (401) would log the new
 * session out (spec §4.1).
 */
export default function LoginRoute() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const methods = useAuthMethods();
  const strategy = methods.data ? resolveLoginStrategy(params, methods.data, isInLark()) : null;
  const signIn = useSingleSignOn(strategy?.kind === 'native' ? null : strategy, next);

  if (signIn.failure) {
    return (
      <AuthLayout>
        <LoginFailed {...signIn.failure} />
      </AuthLayout>
    );
  }
  if (methods.isError && !signIn.exchanging) {
    return (
      <AuthLayout>
        <LoginFailed message={formErrorMessage(methods.error)} onRetry={() => void methods.refetch()} />
      </AuthLayout>
    );
  }
  if (strategy?.kind === 'native' && !signIn.exchanging) {
    return <Navigate to={nativeLoginPath(next)} replace />;
  }
  return (
    <AuthLayout>
      <SigningIn />
    </AuthLayout>
  );
}

type SsoStrategy = Exclude<LoginStrategy, { kind: 'native' }>;

function strategyValue(strategy: SsoStrategy): string {
  if (strategy.kind === 'cas-ticket') return strategy.ticket;
  if (strategy.kind === 'lark-code') return strategy.code;
  if (strategy.kind === 'lark-sdk') return strategy.appId;
  return strategy.loginUrl;
}

interface SingleSignOn {
  /** A ticket or code was sent to be exchanged for a session (and did not fail). */
  exchanging: boolean;
  failure: { message: string; detail?: string | null; onRetry: () => void } | null;
}

/** Runs the single sign-on `strategy` once per ticket, code or CAS address; null: nothing to run. */
function useSingleSignOn(strategy: SsoStrategy | null, next: string | null): SingleSignOn {
  const navigate = useNavigate();
  const cas = useCasAuth();
  const lark = useLarkAuth();
  const { mutate: casMutate } = cas;
  const { mutate: larkMutate } = lark;
  const kind = strategy?.kind ?? null;
  const value = strategy ? strategyValue(strategy) : '';
  const sdkUrl = strategy?.kind === 'lark-sdk' ? strategy.sdkUrl : '';
  const [sdkFailed, setSdkFailed] = useState(false);
  // A ticket or code is single-use: never send it twice, even when React runs the effect twice.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!kind) return;
    const key = `${kind}:${value}`;
    if (started.current === key) return;
    started.current = key;
    const signedInBefore = useSessionStore.getState().access;
    const done = {
      onSuccess: () => navigate(safeNext(next), { replace: true }),
      onError: (error: unknown) => signOutOn401(error, signedInBefore),
    };
    if (kind === 'cas-redirect') window.location.replace(casLoginUrl(value, next));
    if (kind === 'cas-ticket') casMutate({ service: casServiceUrl(next), ticket: value }, done);
    if (kind === 'lark-code') larkMutate({ code: value }, done);
    if (kind === 'lark-sdk') {
      loadLarkSdk(sdkUrl)
        .then(() => requestLarkCode(value))
        .then((code) => larkMutate({ code }, done))
        .catch(() => setSdkFailed(true));
    }
  }, [kind, value, sdkUrl, next, navigate, casMutate, larkMutate]);

  const retry = () => window.location.replace(`/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  let failure: SingleSignOn['failure'] = null;
  if (lark.isError || sdkFailed) {
    const detail = lark.isError && !isApiError(lark.error, 401) ? formErrorMessage(lark.error) : null;
    failure = { message: MSG.larkLoginFailed, detail, onRetry: retry };
  } else if (cas.isError) {
    failure = { message: formErrorMessage(cas.error), onRetry: retry };
  }
  return { exchanging: !failure && (!cas.isIdle || !lark.isIdle), failure };
}

/**
 * A 401 from the sign-in call logs out (spec §4.1) the session this page started from, and only that
 * one: a session that began meanwhile (another sign-in) is none of this refusal's business.
 */
function signOutOn401(error: unknown, signedInBefore: string | null) {
  if (isApiError(error, 401) && useSessionStore.getState().access === signedInBefore) endLocalSession();
}

function LoginFailed({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail?: string | null;
  onRetry?: () => void;
}) {
  return (
    <div className="login-failed">
      <Alert>{message}</Alert>
      {detail ? <p className="login-failed__detail">{detail}</p> : null}
      {onRetry ? (
        <Button theme="solid" size="large" block onClick={onRetry}>
          再ログイン
        </Button>
      ) : null}
    </div>
  );
}
