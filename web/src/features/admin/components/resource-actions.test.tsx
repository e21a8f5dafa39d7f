import { PERM } from '@portal/shared/permissions';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
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
  });
});
