import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { queryClient } from '@/lib/query-client.ts';
import { safeNext } from '@/lib/safe-next.ts';
import { useAuthMethods } from '../api/get-auth-methods.ts';
import { getMe, meQueryOptions } from '../api/get-me.ts';
import { redeemHandoff } from '../api/sign-in-handoff.ts';
import { hasAccessToken, useSessionStore } from '@/stores/session-store.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { SigningIn } from '../components/signing-in.tsx';
import { startSession } from '../lib/session.ts';
import { nativeLoginPath } from '../lib/login-strategy.ts';

/**
 * /login-native: the password form, or a sign-in handed over in the URL: the mail sign-in's one-time
 * `code`, exchanged by POST, or a token (spec §2.1).
 */
export default function LoginNativeRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = params.get('next');
  const accessToken = params.get('access_token');
  const code = params.get('code');

  // Someone already signed in has nothing to do here (a sign-in handed over in the URL still replaces
  // their session).
  if (!accessToken && !code && hasAccessToken()) return <Navigate to={safeNext(next)} replace />;
  if (accessToken || code) {
    const issued = code
      ? () => redeemHandoff(code)
      : () => Promise.resolve({ access: accessToken!, refresh: params.get('refresh') });
    return (
      <AuthLayout>
        <TokenSignIn key={code ?? accessToken} issued={issued} next={next} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <h2 className="auth-card__title">ログイン</h2>
      <MailSignInSlot error={params.get('error')} next={next} />
      <LoginForm onSuccess={() => navigate(safeNext(next), { replace: true })} />
    </AuthLayout>
  );
}

// The mail-account button and its failure messages load only where a mail provider is configured (or
// the provider sent the browser back with an error), keeping the password-only page small.
const MailSignIn = lazy(() => import('../components/mail-sign-in.tsx'));

function MailSignInSlot({ error, next }: { error: string | null; next: string | null }) {
  const mail = useAuthMethods().data?.mail ?? null;
  if (!mail && !error) return null;
  return (
    <Suspense fallback={null}>
      <MailSignIn label={mail?.label ?? null} error={error} next={next} />
    </Suspense>
  );
}

function TokenSignIn({
  issued,
  next,
}: {
  issued: () => Promise<{ access: string; refresh: string | null }>;
  next: string | null;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The tokens come once per mount (the route's key changes with the URL's code or token).
  const [tokens] = useState(issued);

  useEffect(() => {
    let cancelled = false;
    // Asked directly rather than through the query cache: a refused token ends the session, which
    // empties the cache, and a cached query would then fail as 'cancelled' instead of with the
    // server's words (spec §8.1: the sign-in screen shows the response's detail).
    tokens
      .then((pair) => {
        if (cancelled) return null;
        startSession(pair);
        return getMe();
      })
      .then(
        (user) => {
          if (cancelled || !user) return;
          useSessionStore.getState().setUser(user);
          queryClient.setQueryData(meQueryOptions().queryKey, user);
          navigate(safeNext(next), { replace: true });
        },
        (cause: unknown) => {
          if (!cancelled) setError(formErrorMessage(cause));
        },
      );
    return () => {
      cancelled = true;
    };
  }, [tokens, next, navigate]);

  if (error) {
    return (
      <div className="login-failed">
        <Alert>{error}</Alert>
        <Link className="link-button" to={nativeLoginPath(next)} replace>
          再ログイン
        </Link>
      </div>
    );
  }
  return <SigningIn />;
}
