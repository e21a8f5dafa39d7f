import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ApiError } from '@/lib/api-error.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { ConfirmDelete } from './confirm-delete.tsx';

vi.mock('@/lib/notify.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

function Harness({ remove, onDeleted }: { remove: (id: number) => Promise<unknown>; onDeleted: () => void }) {
  const [target, setTarget] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget(7)}>
        7を削除
      </button>
      <ConfirmDelete
        target={target}
        title="記録の削除"
        remove={remove}
        onClose={() => setTarget(null)}
        onDeleted={onDeleted}
      />
      <p data-testid="target">{target === null ? 'none' : target}</p>
    </>
  );
}

describe('ConfirmDelete', () => {
  beforeEach(() => vi.clearAllMocks());

  it('deletes only once confirmed, then closes, says so and goes on', async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    render(<Harness remove={remove} onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '7を削除' }));
    expect(await screen.findByText(CONFIRM.delete)).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(remove).toHaveBeenCalledWith(7);
    expect(toastSuccess).toHaveBeenCalledWith(SUCCESS.deleted);
    expect(screen.getByTestId('target')).toHaveTextContent('none');
  });

  it('on a failure shows why and stays open, to try again or cancel', async () => {
    const failure = new ApiError(409, { detail: '使用中のため削除できません。' });
    const remove = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    render(<Harness remove={remove} onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '7を削除' }));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(failure));
    expect(onDeleted).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(screen.getByText(CONFIRM.delete)).toBeVisible();
    expect(screen.getByTestId('target')).toHaveTextContent('7');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(remove).toHaveBeenCalledTimes(2);
  });

  it('leaves focus on the page heading, not the document, when the deleted thing took its button along', async () => {
    function Gone() {
      const [target, setTarget] = useState<number | null>(null);
      const [deleted, setDeleted] = useState(false);
      return (
        <section className="page" aria-labelledby="h">
          <h2 id="h" className="page__heading" tabIndex={-1}>
            記録
          </h2>
          {deleted ? null : (
            <button type="button" onClick={() => setTarget(7)}>
              7を削除
            </button>
          )}
          <ConfirmDelete
            target={target}
            title="記録の削除"
            remove={async () => setDeleted(true)}
            onClose={() => setTarget(null)}
          />
        </section>
      );
    }
    render(<Gone />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '7を削除' }));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByRole('heading', { name: '記録' })).toHaveFocus());
  }, 15_000);
});
