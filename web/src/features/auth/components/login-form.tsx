import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useWatch } from 'react-hook-form';
import type { TTokenAuthRequest, ZTokenAuthRequest } from '@portal/shared/contracts/token-auth';
import { PASSWORD_LABEL, USERNAME_LABEL } from '@portal/shared/contracts/auth-fields';
import { Alert } from '@/components/alert.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { applyFieldErrors } from '@/lib/form-errors.ts';
import { useTokenAuth } from '../api/token-auth.ts';

const FIELDS = ['username', 'password'] as const;

/**
 * The shared schema (zod/mini) loads when the user first focuses the form rather than with the page:
 * it is needed only to check what was typed.
 */
const loadSchema = (): Promise<typeof ZTokenAuthRequest> =>
  import('@portal/shared/contracts/token-auth').then((module) => module.ZTokenAuthRequest);

/**
 * The username/password form (spec §5). A failed sign-in keeps what was typed and shows the
 * server's `detail` above the form.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(loadSchema, { defaultValues: { username: '', password: '' } });
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const tokenAuth = useTokenAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  // Set the moment the form is sent, before the schema loads and the request leaves: on a slow
  // network the button says at once that it is working (and cannot be pressed twice).
  const [submitting, setSubmitting] = useState(false);
  const busy = submitting || tokenAuth.isPending;

  const submit = handleSubmit(async (values: TTokenAuthRequest) => {
    setServerError(null);
    try {
      await tokenAuth.mutateAsync(values);
      onSuccess();
    } catch (error) {
      const { placed, unplaced } = applyFieldErrors(error, setError, FIELDS);
      if (unplaced.length > 0) setServerError(unplaced.join('\n'));
      else if (placed.length === 0) setServerError(formErrorMessage(error));
    }
  });

  return (
    <form
      className="login-form"
      onSubmit={(event) => {
        setSubmitting(true);
        void submit(event).finally(() => setSubmitting(false));
      }}
      onFocus={() => void loadSchema().catch(() => undefined)}
      noValidate
      aria-label="ログインフォーム"
    >
      {serverError ? <Alert>{serverError}</Alert> : null}
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <TextField control={control} name="username" label={USERNAME_LABEL} required autoComplete="username" />
      <TextField
        control={control}
        name="password"
        label={PASSWORD_LABEL}
        type="password"
        required
        autoComplete="current-password"
      />
      <Button
        htmlType="submit"
        theme="solid"
        type="primary"
        size="large"
        block
        loading={busy}
        aria-busy={busy || undefined}
        disabled={!username || !password}
      >
        Sign in
      </Button>
    </form>
  );
}
