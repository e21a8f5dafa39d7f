import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TFormSchemaField } from '@portal/shared/contracts/tasks';
import { CONFIRM } from '@portal/shared/messages';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { DynamicForm } from './dynamic-form.tsx';

const approvers: TFormSchemaField = {
  name: 'approvers',
  label: '承認者',
  data_type: 'autocomplete',
  order: 1,
  required: true,
  read_only: false,
  help_text: '',
  choices: [],
  max_length: null,
  step: null,
  default: null,
  multiple: true,
  data_source: 'approvers/choice/',
  field_for_init: null,
};

describe('autocomplete field', () => {
  it('asks its data source for options and sends the chosen values', { timeout: 20_000 }, async () => {
    const { requests } = mockFetch({
      'GET /api/approvers/choice/': {
        body: [
          { value: 3, text: '佐藤 花子' },
          { value: 4, text: '鈴木 一郎' },
        ],
      },
    });
    const sent: unknown[] = [];
    const user = userEvent.setup();
    renderWithRouter(
      <DynamicForm
        fields={[approvers]}
        initialValues={{ approvers: [] }}
        submitLabel="申請"
        onSubmit={async (values) => {
          sent.push(values);
        }}
      />,
    );
    const box = document.querySelector<HTMLElement>('[data-field="approvers"]')!;
    await user.click(await within(box).findByText('======'));
    await user.click(await screen.findByText('佐藤 花子'));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/approvers/choice/')).toBe(true));
    await user.click(screen.getByRole('button', { name: '申請' }));
    const question = await screen.findByText(CONFIRM.createTask);
    await user.click(
      within(question.closest<HTMLElement>('.semi-modal')!).getByRole('button', { name: '申請' }),
    );
    await waitFor(() => expect(sent).toEqual([{ approvers: [3] }]));
  });

  describe('field_for_init', () => {
    const approver: TFormSchemaField = {
      ...approvers,
      name: 'approver',
      multiple: false,
      field_for_init: 'approver_name',
    };
    const approverName: TFormSchemaField = {
      ...approvers,
      name: 'approver_name',
      label: '承認者名',
      data_type: 'string',
      order: 2,
      required: false,
      data_source: null,
      multiple: false,
    };

    // Several items (multiple): a single choice notifies only when Semi's closing animation ends,
    // which jsdom never plays; both go through the same pick.
    it('writes the chosen items’ text into the named field', { timeout: 20_000 }, async () => {
      mockFetch({
        'GET /api/approvers/choice/': {
          body: [
            { value: 3, text: '佐藤 花子' },
            { value: 4, text: '鈴木 一郎' },
          ],
        },
      });
      const sent: unknown[] = [];
      const user = userEvent.setup();
      renderWithRouter(
        <DynamicForm
          fields={[{ ...approver, multiple: true }, approverName]}
          initialValues={{ approver: [], approver_name: '' }}
          submitLabel="申請"
          onSubmit={async (values) => {
            sent.push(values);
          }}
        />,
      );
      const box = document.querySelector<HTMLElement>('[data-field="approver"]')!;
      const nameInput = document.querySelector<HTMLInputElement>('input[name="approver_name"]')!;
      await user.click(await within(box).findByText('======'));
      await user.click(await screen.findByText('鈴木 一郎'));
      await waitFor(() => expect(nameInput.value).toBe('鈴木 一郎'));
      await user.click(await screen.findByText('佐藤 花子'));
      await waitFor(() => expect(nameInput.value).toBe('鈴木 一郎、佐藤 花子'));
      await user.click(screen.getByRole('button', { name: '申請' }));
      const question = await screen.findByText(CONFIRM.createTask);
      await user.click(
        within(question.closest<HTMLElement>('.semi-modal')!).getByRole('button', { name: '申請' }),
      );
      await waitFor(() =>
        expect(sent).toEqual([{ approver: [4, 3], approver_name: '鈴木 一郎、佐藤 花子' }]),
      );
    });

    it('shows the initial selection with the named field’s text before any search', async () => {
      const { requests } = mockFetch({ 'GET /api/approvers/choice/': { body: [] } });
      renderWithRouter(
        <DynamicForm
          fields={[approver, approverName]}
          initialValues={{ approver: 4, approver_name: '鈴木 一郎' }}
          submitLabel="再申請"
          onSubmit={async () => {}}
        />,
      );
      const box = document.querySelector<HTMLElement>('[data-field="approver"]')!;
      expect(await within(box).findByText('鈴木 一郎')).toBeTruthy();
      expect(within(box).queryByText('4')).toBeNull();
      expect(requests.some((r) => r.path === '/api/approvers/choice/')).toBe(false);
    });
  });
});
