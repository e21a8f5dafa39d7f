import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/shared/messages';
import { Alert } from '@/components/alert.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { toastError } from '@/lib/notify.ts';
import { useServerForm } from './use-server-form.ts';

vi.mock('@/lib/notify.ts', () => ({ toastError: vi.fn() }));

interface Values {
  name: string;
  phone: string;
}

function NameForm({
  send,
  onSuccess,
  fallback,
}: {
  send: (values: Values) => Promise<string>;
  onSuccess?: (saved: string) => void;
  fallback?: 'toast' | 'banner';
}) {
  const form = useForm<Values>({ defaultValues: { name: '', phone: '' } });
  const server = useServerForm(form, { fields: ['name', 'phone'], send, onSuccess, fallback });
  return (
    <form aria-label="連絡先" noValidate onSubmit={(event) => void server.onSubmit(event)}>
      {server.messages.length > 0 ? <Alert>{server.messages.join(' ')}</Alert> : null}
      <TextField control={form.control} name="name" label="氏名" />
      <TextField control={form.control} name="phone" label="電話番号" />
      <button type="submit">保存</button>
    </form>
  );
}

async function typeAndSave(name: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('氏名'), name);
  await user.click(screen.getByRole('button', { name: '保存' }));
}

describe('useServerForm', () => {
  beforeEach(() => vi.mocked(toastError).mockReset());

  it('puts a 400 field message with its Japanese label under the field and keeps what was typed', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(400, { phone: ['電話番号 の形式が正しくありません。'] });
    });
    render(<NameForm send={send} />);
    await typeAndSave('山田 花子');
    expect(await screen.findByText('電話番号 の形式が正しくありません。')).toBeInTheDocument();
    expect(screen.getByLabelText('電話番号')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('氏名')).toHaveValue('山田 花子');
    expect(send).toHaveBeenCalledWith({ name: '山田 花子', phone: '' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it.each([
    [409, '他の人が先に更新しました。画面を読み込み直してください。'],
    [413, 'ファイルが大きすぎます。'],
  ])("shows a %i answer's detail above the form, not in a toast", async (status, detail) => {
    render(<NameForm send={() => Promise.reject(new ApiError(status, { detail }))} />);
    await typeAndSave('山田');
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByLabelText('氏名')).toHaveValue('山田');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows non_field_errors and messages for unknown keys in the banner', async () => {
    render(
      <NameForm
        send={() =>
          Promise.reject(new ApiError(400, { non_field_errors: ['期間が重複しています。'], other: ['不明'] }))
        }
      />,
    );
    await typeAndSave('山田');
    expect(await screen.findByText('期間が重複しています。 不明')).toBeInTheDocument();
  });

  it('toasts an error that says nothing of its own, or shows it in the banner when asked', async () => {
    const failure = new ApiError(500, 'Internal Server Error');
    const { unmount } = render(<NameForm send={() => Promise.reject(failure)} />);
    await typeAndSave('山田');
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith(failure));
    unmount();

    render(<NameForm send={() => Promise.reject(failure)} fallback="banner" />);
    await typeAndSave('山田');
    expect(await screen.findByText(MSG.unexpected)).toBeInTheDocument();
  });

  it('clears the banner and hands the answer to onSuccess on the next successful send', async () => {
    const onSuccess = vi.fn();
    const send = vi
      .fn<(values: Values) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(409, { detail: '競合しました。' }))
      .mockResolvedValueOnce('saved');
    render(<NameForm send={send} onSuccess={onSuccess} />);
    await typeAndSave('山田');
    expect(await screen.findByText('競合しました。')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('saved'));
    expect(screen.queryByText('競合しました。')).not.toBeInTheDocument();
  });
});
