// After an administrator's password reset (issue 14) the signed-in shell shows only this form until
// the person has chosen their own password; the API clears must_change_password and the shell reloads
// the user state.
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { TPasswordChange } from '@portal/shared/contracts/account';
import { account } from '@portal/shared/endpoints/account';
import { NEW_PASSWORD_MIN } from '@portal/shared/limits';
import { FIELD_MSG } from '@portal/shared/messages';
import { queryKeys } from '@/api/query-keys.ts';
import { PASSWORD_CHANGE_TITLE } from '@/config/page-titles.ts';
import { Alert } from '@/components/alert.tsx';
import { addProblem, checkResolver, type Problems } from '@/components/form/check-resolver.ts';
import { TextField } from '@/components/form/text-field.tsx';
import { Page } from '@/components/page.tsx';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { api } from '@/lib/api-client.ts';
import { toastSuccess } from '@/lib/notify.ts';

export const MUST_CHANGE =
  '管理者がパスワードを再設定しました。続けるには新しいパスワードを設定してください。';

/** The rules of ZPasswordChange (shared/contracts/account.ts), without classic zod in this chunk. */
function checkPasswords(values: TPasswordChange): Problems {
  const problems: Problems = new Map();
  if (!values.current_password)
    addProblem(problems, 'current_password', FIELD_MSG.required('現在のパスワード'));
  if (!values.new_password) addProblem(problems, 'new_password', FIELD_MSG.required('新しいパスワード'));
  else if (values.new_password.length < NEW_PASSWORD_MIN)
    addProblem(problems, 'new_password', FIELD_MSG.minLength('新しいパスワード', NEW_PASSWORD_MIN));
  else if (values.new_password === values.current_password)
    addProblem(problems, 'new_password', '新しいパスワードは現在のパスワードと異なるものにしてください。');
  return problems;
}

const FIELDS = ['current_password', 'new_password'] as const;

export default function PasswordChange() {
  const queryClient = useQueryClient();
  const form = useForm<TPasswordChange>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: checkResolver(checkPasswords),
    defaultValues: { current_password: '', new_password: '' },
  });
  const { onSubmit, messages } = useServerForm(form, {
    fields: FIELDS,
    send: (values) => api.call(account.changePassword, {}, values),
    onSuccess: async () => {
      toastSuccess('パスワードを変更しました。');
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.me });
    },
  });
  return (
    <Page headingId="password-change-heading" title={PASSWORD_CHANGE_TITLE}>
      <Alert type="warning">{MUST_CHANGE}</Alert>
      <form
        className="login-form"
        noValidate
        aria-label={PASSWORD_CHANGE_TITLE}
        onSubmit={(e) => void onSubmit(e)}
      >
        {messages.length > 0 ? <Alert>{messages.join(' ')}</Alert> : null}
        <TextField
          control={form.control}
          name="current_password"
          label="現在のパスワード（仮パスワード）"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          control={form.control}
          name="new_password"
          label="新しいパスワード"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button htmlType="submit" theme="solid" size="large" loading={form.formState.isSubmitting}>
          変更する
        </Button>
      </form>
    </Page>
  );
}
