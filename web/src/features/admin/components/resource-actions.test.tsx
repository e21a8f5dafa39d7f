import { PERM } from '@portal/shared/permissions';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '@/testing/render.tsx';
import type { ActionDecl, ConsoleUser } from '../resource.ts';
import { ResourceActions } from './resource-actions.tsx';

const user: ConsoleUser = { isSuperuser: true, can: () => true };

describe('ResourceActions', () => {
  it('asks in a dialog before an action without fields, also under StrictMode', async () => {
    const run = vi.fn(() => Promise.resolve({ message: '山田 太郎 を無効化しました。' }));
    const actions: ActionDecl<{ name: string }>[] = [
      {
        key: 'deactivate',
        label: '無効化',
        permission: PERM.changeGroup,
        danger: true,
        confirm: (d) => `${d.name} を無効化します。よろしいですか？`,
        run,
      },
    ];
    render(
      <StrictMode>
        <QueryClientProvider client={testQueryClient()}>
          <ResourceActions detail={{ name: '山田 太郎' }} actions={actions} user={user} />
        </QueryClientProvider>
      </StrictMode>,
    );
    await userEvent.click(screen.getByRole('button', { name: '無効化' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('山田 太郎 を無効化します。よろしいですか？');
    await userEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect(run).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('山田 太郎 を無効化しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('action-outcome')).toHaveFocus());
  });

  it('moves focus into the form it opens, back to its button on a cancel, onto the outcome when done', async () => {
    const run = vi.fn(() => Promise.resolve({ message: '仮パスワードを設定しました。' }));
    const actions: ActionDecl<{ name: string }>[] = [
      {
        key: 'password',
        label: 'パスワード再設定',
        permission: PERM.changeUser,
        confirm: () => '仮パスワードを設定します。',
        fields: [{ name: 'password', label: '仮パスワード', kind: 'text', required: true }],
        initial: () => ({ password: '' }),
        run,
      },
    ];
    render(
      <QueryClientProvider client={testQueryClient()}>
        <ResourceActions detail={{ name: '山田 太郎' }} actions={actions} user={user} />
      </QueryClientProvider>,
    );
    const keyboard = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'パスワード再設定' });
    await keyboard.click(opener);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /仮パスワード/ })).toHaveFocus());
    await keyboard.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await keyboard.click(opener);
    await keyboard.type(screen.getByRole('textbox', { name: /仮パスワード/ }), 'temporary-1');
    await keyboard.click(within(screen.getByRole('form')).getByRole('button', { name: 'パスワード再設定' }));
    expect(run).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('action-outcome')).toHaveFocus());
    expect(screen.getByTestId('action-outcome')).toHaveTextContent('仮パスワードを設定しました。');
  }, 20_000);
});
