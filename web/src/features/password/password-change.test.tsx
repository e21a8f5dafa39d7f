import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { account } from '@portal/shared/endpoints/account';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import PasswordChange, { MUST_CHANGE } from './password-change.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

describe('the password change after a reset', () => {
  it('checks the new password, shows the server refusing the temporary one, then saves', async () => {
    let calls = 0;
    const { requests } = mockFetch({
      ...reply(account.changePassword, {}, () =>
        ++calls === 1
          ? { status: 400, body: { current_password: ['現在のパスワードが正しくありません。'] } }
          : { body: { detail: 'パスワードを変更しました。' } },
      ),
    });
    renderWithRouter(<PasswordChange />);
    expect(screen.getByText(MUST_CHANGE)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/現在のパスワード/), 'temporary-1');
    await user.type(screen.getByLabelText(/新しいパスワード/), 'short');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('新しいパスワード は 8 文字以上で入力してください。')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText(/新しいパスワード/), '-and-long');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('現在のパスワードが正しくありません。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith('パスワードを変更しました。'));
    expect(requests.at(-1)?.body).toEqual({
      current_password: 'temporary-1',
      new_password: 'short-and-long',
    });
  });

  it('tells a failure that names no field in a toast and keeps what was typed', async () => {
    vi.clearAllMocks();
    mockFetch({ ...reply(account.changePassword, {}, () => ({ status: 503, body: {} })) });
    renderWithRouter(<PasswordChange />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/現在のパスワード/), 'temporary-1');
    await user.type(screen.getByLabelText(/新しいパスワード/), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(notify.toastError).toHaveBeenCalledTimes(1));
    expect(notify.toastSuccess).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/新しいパスワード/)).toHaveValue('long-enough-1');
  });
});
