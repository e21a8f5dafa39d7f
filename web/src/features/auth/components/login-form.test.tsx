import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MSG } from '@portal/shared/messages';
import { auth } from '@portal/shared/endpoints/auth';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { useSessionStore } from '@/stores/session-store.ts';
import { LoginForm } from './login-form.tsx';

function setup() {
  const onSuccess = vi.fn();
  renderWithRouter(<LoginForm onSuccess={onSuccess} />);
  return {
    onSuccess,
    username: () => screen.getByLabelText(/ユーザー名/) as HTMLInputElement,
    password: () => screen.getByLabelText(/パスワード/) as HTMLInputElement,
    button: () => screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('LoginForm', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('names its inputs username and password for the browser and the e2e tests', () => {
    const form = setup();
    expect(form.username()).toHaveAttribute('name', 'username');
    expect(form.password()).toHaveAttribute('name', 'password');
    expect(form.password()).toHaveAttribute('type', 'password');
  });

  it('enables Sign in only when both username and password are filled', async () => {
    const user = userEvent.setup();
    const form = setup();
    expect(form.button()).toBeDisabled();
    await user.type(form.username(), 'yamada');
    expect(form.button()).toBeDisabled();
    await user.type(form.password(), 'd');
    expect(form.button()).toBeEnabled();
    await user.clear(form.username());
    expect(form.button()).toBeDisabled();
  });

  it('asks for at least 4 characters of password and sends nothing', async () => {
    const { requests } = mockFetch({});
    const user = userEvent.setup();
    const form = setup();
    await user.type(form.username(), 'yamada');
    await user.type(form.password(), 'abc');
    await user.click(form.button());
    expect(await screen.findByText('パスワード は 4 文字以上で入力してください。')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('signs in on Enter, stores the tokens and reports success', async () => {
    const { requests } = mockFetch({
      ...reply(auth.signIn, {}, { body: { access: 'A1', refresh: 'R1' } }),
    });
    const user = userEvent.setup();
    const form = setup();
    await user.type(form.username(), 'yamada');
    await user.type(form.password(), 'demo1234{Enter}');
    await waitFor(() => expect(form.onSuccess).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({ username: 'yamada', password: 'demo1234' });
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ access: 'A1', refresh: 'R1', sessionid: null });
  });

  it("shows the server's detail on a wrong password and keeps what was typed", async () => {
    mockFetch({
      ...reply(auth.signIn, {}, { status: 401, body: { detail: API_MSG.invalidCredentials } }),
    });
    const user = userEvent.setup();
    const form = setup();
    await user.type(form.username(), 'yamada');
    await user.type(form.password(), 'wrong-password');
    await user.click(form.button());
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MSG.invalidCredentials);
    expect(form.username()).toHaveValue('yamada');
    expect(form.password()).toHaveValue('wrong-password');
    expect(form.onSuccess).not.toHaveBeenCalled();
    expect(useSessionStore.getState().access).toBeNull();
  });

  it("shows the server's detail when sign-in attempts are rate limited (429)", async () => {
    mockFetch({
      ...reply(
        auth.signIn,
        {},
        {
          status: 429,
          body: { detail: API_MSG.tooManyLoginAttempts, code: 'throttled' },
        },
      ),
    });
    const user = userEvent.setup();
    const form = setup();
    await user.type(form.username(), 'yamada');
    await user.type(form.password(), 'demo1234');
    await user.click(form.button());
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MSG.tooManyLoginAttempts);
    expect(form.username()).toHaveValue('yamada');
  });

  it('puts 400 field errors under their inputs', async () => {
    mockFetch({
      ...reply(
        auth.signIn,
        {},
        {
          status: 400,
          body: { username: ['このユーザー名は使えません。', '二つ目'] },
        },
      ),
    });
    const user = userEvent.setup();
    const form = setup();
    await user.type(form.username(), 'yamada');
    await user.type(form.password(), 'demo1234');
    await user.click(form.button());
    expect(await screen.findByText('このユーザー名は使えません。')).toBeInTheDocument();
    expect(screen.queryByText('二つ目')).not.toBeInTheDocument();
    expect(form.username()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows it is working the moment Sign in is pressed, before any answer (issue 12, item 16)', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const form = setup();
    await user.type(form.username(), 'yamada');
    await user.type(form.password(), 'demo1234');
    expect(form.button()).not.toHaveAttribute('aria-busy');
    fireEvent.click(form.button());
    // No await: the button says so in the same turn as the press.
    expect(form.button()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(form.button()).toHaveAttribute('aria-busy', 'true');
    answer(
      new Response(JSON.stringify({ detail: 'ユーザー名またはパスワードが正しくありません。' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(form.button()).not.toHaveAttribute('aria-busy'));
  });
});
