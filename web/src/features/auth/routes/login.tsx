import { useEffect, useRef, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { Alert } from '@/components/alert.tsx';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '@portal/shared/messages';
import { isApiError } from '@/lib/api-error.ts';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { isInLark, loadLarkSdk, requestLarkCode } from '@/lib/lark.ts';
import { safeNext } from '@/lib/safe-next.ts';
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
 */
export default function LoginRoute() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const methods = useAuthMethods();

  if (methods.isError) {
    return (
      <AuthLayout>
        <LoginFailed message={formErrorMessage(methods.error)} onRetry={() => void methods.refetch()} />
      </AuthLayout>
    );
  }
  if (!methods.data) {
    return (
      <AuthLayout>
        <SigningIn />
      </AuthLayout>
    );
  }
  const strategy = resolveLoginStrategy(params, methods.data, isInLark());
  if (strategy.kind === 'native') return <Navigate to={nativeLoginPath(next)} replace />;
  return (
    <AuthLayout>
      <SingleSignOn strategy={strategy} next={next} />
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

function SingleSignOn({ strategy, next }: { strategy: SsoStrategy; next: string | null }) {
  const navigate = useNavigate();
  const cas = useCasAuth();
  const lark = useLarkAuth();
  const { mutate: casMutate } = cas;
  const { mutate: larkMutate } = lark;
  const { kind } = strategy;
  const value = strategyValue(strategy);
  const sdkUrl = strategy.kind === 'lark-sdk' ? strategy.sdkUrl : '';
  const [sdkFailed, setSdkFailed] = useState(false);
  // A ticket or code is single-use: never send it twice, even when React runs the effect twice.
  const started = useRef<string | null>(null);

  useEffect(() => {
    const key = `${kind}:${value}`;
    if (started.current === key) return;
    started.current = key;
    const done = { onSuccess: () => navigate(safeNext(next), { replace: true }), onError: signOutOn401 };
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
  if (lark.isError || sdkFailed) {
    const detail = lark.isError && !isApiError(lark.error, 401) ? formErrorMessage(lark.error) : null;
    return <LoginFailed message={MSG.larkLoginFailed} detail={detail} onRetry={retry} />;
  }
  if (cas.isError) {
    return <LoginFailed message={formErrorMessage(cas.error)} onRetry={retry} />;
  }
  return <SigningIn />;
}

function signOutOn401(error: unknown) {
  if (isApiError(error, 401)) endLocalSession();
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
