import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_CONTACTS, type TContact } from '@portal/shared/contracts/contacts';
import { SUCCESS } from '@portal/shared/messages';
import { records } from '@portal/shared/endpoints/records';
import { toastSuccess } from '@/lib/notify.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import ContactsRoute from './contacts.tsx';

vi.mock('@/lib/notify.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const contact = (id: number, name: string, can_edit = true): TContact => ({
  id,
  employee: 3,
  name,
  name_kana: 'ヤマダ ハナコ',
  relationship: '妻',
  phone: '090-1234-5678',
  address: '東京都千代田区1-1',
  priority: id,
  can_edit,
});

const list = (results: TContact[], can_edit = true) => ({
  body: { count: results.length, next: null, previous: null, results, can_edit },
});

describe('emergency contacts', () => {
  it('edits a contact in the form above the list, and deletes one only once confirmed', async () => {
    const { requests } = mockFetch({
      ...reply(records.listContacts, {}, list([contact(1, '山田 花子'), contact(2, '山田 一郎')])),
      ...reply(records.deleteContact, { id: 2 }, { status: 204 }),
    });
    renderWithRouter(<ContactsRoute />, { path: '/contacts' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '山田 花子を編集' }));
    expect(screen.getByLabelText(/^氏名/)).toHaveValue('山田 花子');
    // One form at a time: no add button while it is open.
    expect(screen.queryByRole('button', { name: '緊急連絡先を追加' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByLabelText(/^氏名/)).toBeNull();
    expect(screen.getByRole('button', { name: '緊急連絡先を追加' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '山田 一郎を削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('緊急連絡先の削除')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(SUCCESS.deleted));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/account/contacts/2/',
    ]);
  });

  it('moves focus by one rule: into the form, back to its opener, on to the next row after a delete', async () => {
    let rows = [contact(1, '山田 花子'), contact(2, '山田 一郎')];
    mockFetch({
      ...reply(records.listContacts, {}, () => list(rows)),
      ...reply(records.createContact, {}, { status: 201, body: contact(3, '佐藤 次郎') }),
      ...reply(records.replaceContact, { id: 2 }, { body: contact(2, '山田 一郎') }),
      ...reply(records.deleteContact, { id: 1 }, () => {
        rows = rows.filter((c) => c.id !== 1);
        return { status: 204 };
      }),
      ...reply(records.deleteContact, { id: 2 }, () => {
        rows = rows.filter((c) => c.id !== 2);
        return { status: 204 };
      }),
    });
    renderWithRouter(<ContactsRoute />, { path: '/contacts' });
    const user = userEvent.setup();

    // Add: focus into the form's first field; after キャンセル, back on the add button.
    await user.click(await screen.findByRole('button', { name: '緊急連絡先を追加' }));
    await waitFor(() => expect(screen.getByLabelText(/^氏名/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '緊急連絡先を追加' })).toHaveFocus());

    // Add and save: back on the add button.
    await user.click(screen.getByRole('button', { name: '緊急連絡先を追加' }));
    await user.type(screen.getByLabelText(/^氏名/), '佐藤 次郎');
    await user.type(screen.getByLabelText(/^フリガナ/), 'サトウ ジロウ');
    await user.type(screen.getByLabelText(/^続柄/), '兄');
    await user.type(screen.getByLabelText(/^電話番号/), '090-1111-2222');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(SUCCESS.saved));
    await waitFor(() => expect(screen.getByRole('button', { name: '緊急連絡先を追加' })).toHaveFocus());

    // Edit and save: back on the row's 編集.
    await user.click(screen.getByRole('button', { name: '山田 一郎を編集' }));
    await waitFor(() => expect(screen.getByLabelText(/^氏名/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '山田 一郎を編集' })).toHaveFocus());

    // Delete the first: the question names it, and focus goes to the next row.
    await user.click(screen.getByRole('button', { name: '山田 花子を削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('緊急連絡先「山田 花子（妻）」を削除します、よろしいですか？');
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByRole('button', { name: '山田 花子を削除' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: '山田 一郎を編集' })).toHaveFocus());

    // Delete the last: focus goes to the list's heading.
    await user.click(screen.getByRole('button', { name: '山田 一郎を削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByRole('button', { name: '山田 一郎を削除' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
  }, 20_000);

  it('offers no add button once the limit is reached, and no actions on what the server keeps', async () => {
    const full = Array.from({ length: MAX_CONTACTS }, (_, i) => contact(i + 1, `連絡先${i + 1}`, i > 0));
    mockFetch({ ...reply(records.listContacts, {}, list(full)) });
    renderWithRouter(<ContactsRoute />, { path: '/contacts' });
    expect(await screen.findByRole('button', { name: '連絡先2を編集' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '連絡先1を編集' })).toBeNull();
    expect(screen.queryByRole('button', { name: '緊急連絡先を追加' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeInTheDocument();
  });

  it('is read-only, without the 操作 column, where the list may not be changed', async () => {
    mockFetch({ ...reply(records.listContacts, {}, list([contact(1, '山田 花子', false)], false)) });
    renderWithRouter(<ContactsRoute />, { path: '/contacts?employee=3' });
    expect((await screen.findAllByText(/山田 花子/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
    expect(screen.queryByRole('button', { name: /編集|削除|追加/ })).toBeNull();
  });
});
