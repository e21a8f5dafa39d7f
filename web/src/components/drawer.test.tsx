import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Drawer } from './drawer.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        開く
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title="お知らせ">
        <button type="button">一つ目</button>
        <button type="button">二つ目</button>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('takes focus, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '開く' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'お知らせ' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: '閉じる' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: '二つ目' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '閉じる' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '二つ目' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
