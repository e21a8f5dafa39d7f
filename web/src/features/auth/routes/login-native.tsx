import { useEffect, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { API_MSG } from '@portal/shared/messages';
import { apiUrl } from '@/lib/api-client.ts';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { queryClient } from '@/lib/query-client.ts';
import { safeNext } from '@/lib/safe-next.ts';
import { useAuthMethods } from '../api/get-auth-methods.ts';
import { meQueryOptions } from '../api/get-me.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { SigningIn } from '../components/signing-in.tsx';
import { startSession } from '../lib/session.ts';
import { nativeLoginPath } from '../lib/login-strategy.ts';

/** /login-native: the password form, or a sign-in with a token handed over in the URL (spec §2.1). */
export default function LoginNativeRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = params.get('next');
  const accessToken = params.get('access_token');

  if (accessToken) {
    return (
      <AuthLayout>
        <TokenSignIn access={accessToken} refresh={params.get('refresh')} next={next} />
      </AuthLayout>
    );
  }
  const failure = MAIL_ERRORS[params.get('error') ?? ''];
  return (
    <AuthLayout>
      <h2 className="auth-card__title">ログイン</h2>
      {failure ? <Alert>{failure}</Alert> : null}
      <MailButton next={next} />
      <LoginForm onSuccess={() => navigate(safeNext(next), { replace: true })} />
    </AuthLayout>
  );
}

/** Why the mail-account sign-in sent the browser back (`?error=`, set by the API's callback). */
const MAIL_ERRORS: Record<string, string> = {
  mail_failed: API_MSG.mailLoginFailed,
  mail_no_account: API_MSG.mailNoAccount,
  mail_inactive: API_MSG.inactiveUser,
  throttled: API_MSG.tooManyLoginAttempts,
};

/** Shown when the deployment has a mail provider: a plain link into the API's OIDC redirect. */
function MailButton({ next }: { next: string | null }) {
  const methods = useAuthMethods();
  const mail = methods.data?.mail;
  if (!mail) return null;
  const target = safeNext(next, '');
  return (
    <a className="link-button mail-login" href={apiUrl('/auth/mail/start/', { next: target || undefined })}>
      {mail.label}
    </a>
  );
}

function TokenSignIn({
  access,
  refresh,
  next,
}: {
  access: string;
  refresh: string | null;
  next: string | null;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    startSession({ access, refresh });
    queryClient.fetchQuery(meQueryOptions()).then(
      () => {
        if (!cancelled) navigate(safeNext(next), { replace: true });
      },
      (cause: unknown) => {
        if (!cancelled) setError(formErrorMessage(cause));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [access, refresh, next, navigate]);

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
