// Consent to electronic delivery on /payment-slip and /withholding: the employee sees where they stand
// (みなし同意 explained by its reply date) and changes their answer.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TConsent } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { SUCCESS } from '@portal/shared/messages';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import PaymentSlipRoute from './payment-slip.tsx';
import WithholdingRoute from './withholding.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const empty = { count: 0, next: null, previous: null, results: [] };
const CONSENTS: TConsent[] = [
  {
    document: 'payment',
    status: 'deemed',
    status_name: 'みなし同意',
    answered_at: null,
    notified_at: '2026-10-01T00:00:00Z',
    reply_by: '2026-10-31',
    paper: false,
  },
  {
    document: 'withholding',
    status: 'paper',
    status_name: '書面交付希望',
    answered_at: '2026-10-05T00:00:00Z',
    notified_at: null,
    reply_by: null,
    paper: true,
  },
];

describe('consent to electronic delivery', () => {
  it('shows みなし同意 with its reply date and records a new answer', async () => {
    const { requests } = mockFetch({
      ...reply(slips.getPaymentSlip, {}, { body: empty }),
      ...reply(slips.myConsents, {}, { body: CONSENTS }),
      ...reply(
        slips.answerConsent,
        { document: 'payment' },
        {
          body: {
            ...CONSENTS[0]!,
            status: 'refused',
            status_name: '不同意',
            answered_at: '2026-11-28T00:00:00Z',
            paper: true,
          },
        },
      ),
    });
    const user = userEvent.setup();
    renderWithRouter(<PaymentSlipRoute />, { path: '/payment-slip?year=2026' });
    const form = await screen.findByRole('form', { name: '電子交付への同意（給与明細）' });
    expect(within(form).getByTestId('consent-status')).toHaveTextContent('みなし同意');
    expect(form).toHaveTextContent('2026-10-31 までに回答がなかったため、同意したものとみなしています。');
    await user.click(within(form).getByLabelText('不同意'));
    await user.click(within(form).getByRole('button', { name: '回答を保存' }));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith(SUCCESS.saved));
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/slip-consent/payment/',
      body: { status: 'refused' },
    });
  });

  it('shows the 源泉徴収票 answer on /withholding, with paper said', async () => {
    mockFetch({
      ...reply(slips.getWithholding, {}, { body: empty }),
      ...reply(slips.myConsents, {}, { body: CONSENTS }),
    });
    renderWithRouter(<WithholdingRoute />, { path: '/withholding?year=2025' });
    const form = await screen.findByRole('form', { name: '電子交付への同意（源泉徴収票）' });
    expect(within(form).getByTestId('consent-status')).toHaveTextContent('書面交付希望（2026-10-05 回答）');
    expect(form).toHaveTextContent('書面でお渡しします。');
    expect(within(form).getByLabelText('書面交付希望')).toBeChecked();
    expect(within(form).getByRole('button', { name: '回答を保存' })).toBeDisabled();
  });
});
