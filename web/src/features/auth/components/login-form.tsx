import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { PASSWORD_LABEL, USERNAME_LABEL } from '@portal/shared/contracts/auth-fields';
import { tokenAuthProblems, type TokenAuthValues } from '@portal/shared/contracts/token-auth-rules';
import { Alert } from '@/components/alert.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { useTokenAuth } from '../api/token-auth.ts';

const FIELDS = ['username', 'password'] as const;

/**
 * What was typed, checked by the API's rules and messages without zod (shared token-auth-rules.ts):
 * the sign-in page is the first a new user loads, and zod would be a quarter of its script.
 */
const resolver: Resolver<TokenAuthValues> = (values): ResolverResult<TokenAuthValues> => {
  const problems = Object.entries(tokenAuthProblems(values));
  if (problems.length === 0)
    return { values: { username: values.username.trim(), password: values.password }, errors: {} };
  const errors: FieldErrors<TokenAuthValues> = Object.fromEntries(
    problems.map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

/**
 * The username/password form (spec §5). A failed sign-in keeps what was typed and shows the
 * server's `detail` above the form.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm<TokenAuthValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '' },
    resolver,
  });
  const {
    control,
    formState: { errors },
  } = form;
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const tokenAuth = useTokenAuth();
  // Set the moment the form is sent, before the request leaves: on a slow
  // network the button says at once that it is working (and cannot be pressed twice).
  const [submitting, setSubmitting] = useState(false);
  const busy = submitting || tokenAuth.isPending;

  const server = useServerForm(form, {
    fields: FIELDS,
    send: tokenAuth.mutateAsync,
    onSuccess,
    fallback: 'banner',
  });

  return (
    <form
      className="login-form"
      onSubmit={(event) => {
        setSubmitting(true);
        void server.onSubmit(event).finally(() => setSubmitting(false));
      }}
      noValidate
      aria-label="ログインフォーム"
    >
      {server.messages.length > 0 ? <Alert>{server.messages.join('\n')}</Alert> : null}
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
