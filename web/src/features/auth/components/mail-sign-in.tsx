import { API_MSG } from '@portal/shared/messages';
import { Alert } from '@/components/alert.tsx';
import { apiUrl } from '@/lib/api-client.ts';
import { safeNext } from '@/lib/safe-next.ts';

/** Why the mail-account sign-in sent the browser back (`?error=`, set by the API's callback). */
const MAIL_ERRORS: Record<string, string> = {
  mail_failed: API_MSG.mailLoginFailed,
  mail_no_account: API_MSG.mailNoAccount,
  mail_inactive: API_MSG.inactiveUser,
  throttled: API_MSG.tooManyLoginAttempts,
};

/** Shown when the deployment has a mail provider: a plain link into the API's OIDC redirect. */
export default function MailSignIn({
  label,
  error,
  next,
}: {
  label: string | null;
  error: string | null;
  next: string | null;
}) {
  // A code this page does not know (an old or edited link) still says that the sign-in failed.
  const failure = error ? (MAIL_ERRORS[error] ?? API_MSG.mailLoginFailed) : undefined;
  const target = safeNext(next, '');
  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      {label ? (
        <a
          className="link-button mail-login"
          href={apiUrl('/auth/mail/start/', { next: target || undefined })}
        >
          {label}
        </a>
      ) : null}
    </>
  );
}
