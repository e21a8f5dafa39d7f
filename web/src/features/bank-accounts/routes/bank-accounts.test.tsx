import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TBankAccount } from '@portal/shared/contracts/bank-accounts';
import { BANK_SEARCH_MSG } from '@portal/shared/contracts/banks';
import { FIELD_MSG } from '@portal/shared/messages';
import { banks } from '@portal/shared/endpoints/banks';
import { records } from '@portal/shared/endpoints/records';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import BankAccountsRoute from './bank-accounts.tsx';

vi.mock('@/lib/notify.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const salary: TBankAccount = {
  id: 1,
  employee: 3,
  purpose: 'salary',
  purpose_name: '給与振込口座',
  bank_code: '0005',
  bank_name: '三菱ＵＦＪ',
  branch_code: '103',
  branch_name: '千代田',
  account_type: '01',
  account_type_name: '普通',
  account_number: '1234567',
  account_holder: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  yucho_symbol: null,
  yucho_number: null,
  updated_at: '2026-01-01T00:00:00Z',
  can_edit: true,
};

describe('bank accounts', () => {
  it('never sends a bank query of fewer than 4 digits, nor a branch query before the bank', async () => {
    const { requests } = mockFetch({
      ...reply(
        records.listBankAccounts,
        {},
        {
          body: { count: 1, next: null, previous: null, results: [salary], can_edit: true },
        },
      ),
      ...reply(banks.choices, {}, { body: [{ code: '0001', name: 'みずほ', kana: 'ミズホ' }] }),
    });
    renderWithRouter(<BankAccountsRoute />, { path: '/band-accounts' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '口座を追加' }));
    expect(screen.getByLabelText(/^支店/)).toBeDisabled();
    await user.type(screen.getByLabelText(/^銀行/), '000');
    expect(await screen.findByText(BANK_SEARCH_MSG.bankDigits)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/banks/choice/')).toBe(false);
    await user.clear(screen.getByLabelText(/^銀行/));
    await user.type(screen.getByLabelText(/^銀行/), 'みずほ');
    await user.click(await screen.findByRole('button', { name: /0001 みずほ/ }));
    expect(screen.getByTestId('bank-chosen')).toHaveTextContent('0001 みずほ');
    await waitFor(() => expect(screen.getByLabelText(/^支店/)).toBeEnabled());
    expect(requests.filter((r) => r.path === '/api/banks/choice/').map((r) => r.query.get('query'))).toEqual([
      'みずほ',
    ]);
  });

  it('on an empty submit says 銀行 is required and focuses it first, the errors in the order of the fields', async () => {
    const { requests } = mockFetch({
      ...reply(
        records.listBankAccounts,
        {},
        {
          body: { count: 0, next: null, previous: null, results: [], can_edit: true },
        },
      ),
    });
    renderWithRouter(<BankAccountsRoute />, { path: '/band-accounts' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '口座を追加' }));
    await user.clear(screen.getByLabelText(/^口座名義/));
    await user.click(screen.getByRole('button', { name: '保存' }));
    const bank = screen.getByLabelText(/^銀行/);
    await waitFor(() => expect(bank).toHaveFocus());
    expect(bank).toHaveAccessibleDescription(expect.stringContaining(FIELD_MSG.required('銀行')));
    const form = screen.getByRole('form', { name: '口座の追加' });
    expect(Array.from(form.querySelectorAll('.form-field__error'), (e) => e.textContent)).toEqual([
      FIELD_MSG.required('銀行'),
      FIELD_MSG.required('支店'),
      FIELD_MSG.required('口座番号'),
      FIELD_MSG.required('口座名義'),
    ]);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('names the account a deletion asks about, by bank, branch, type and last digits', async () => {
    mockFetch({
      ...reply(
        records.listBankAccounts,
        {},
        {
          body: { count: 1, next: null, previous: null, results: [salary], can_edit: true },
        },
      ),
    });
    renderWithRouter(<BankAccountsRoute />, { path: '/band-accounts' });
    await userEvent.click(await screen.findByRole('button', { name: '給与振込口座を削除' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      '給与振込口座（三菱ＵＦＪ 千代田 普通 末尾 4567）を削除します、よろしいですか？',
    );
    expect(within(screen.getByRole('dialog')).getByText('口座の削除')).toBeInTheDocument();
  });

  it('is read-only for HR opening another employee', async () => {
    mockFetch({
      ...reply(
        records.listBankAccounts,
        {},
        {
          body: {
            count: 1,
            next: null,
            previous: null,
            results: [{ ...salary, can_edit: false }],
            can_edit: false,
          },
        },
      ),
    });
    renderWithRouter(<BankAccountsRoute />, { path: '/band-accounts?employee=3' });
    expect((await screen.findAllByText(/三菱ＵＦＪ/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '口座を追加' })).toBeNull();
    expect(screen.queryByRole('button', { name: /編集/ })).toBeNull();
  });
});
