import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPaymentSlip } from '@portal/shared/contracts/slips';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import PaymentSlipDetailRoute from './payment-slip-detail.tsx';
import PaymentSlipRoute, { EMPTY_PAYMENT_SLIPS } from './payment-slip.tsx';

const SLIP: TPaymentSlip = {
  id: 7,
  year: 2026,
  month: 10,
  kind: 'salary',
  title: '2026年10月分 給与明細',
  issued_on: '2026-10-25',
  employee: { id: 15, code: 'E0015', name: '山田 太郎' },
  payments: [{ label: '基本給', amount: 300_000 }],
  deductions: [{ label: '所得税', amount: 9_000 }],
  attendance: [{ label: '出勤日数', value: '21 日' }],
  total_payment: 300_000,
  total_deduction: 9_000,
  net_pay: 291_000,
};

describe('/payment-slip', () => {
  it('lists the year without the net pay and asks the API for that year', async () => {
    const { requests } = mockFetch({
      'GET /api/payment-slip/': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [
            { id: 7, year: 2026, month: 10, kind: 'salary', title: SLIP.title, issued_on: '2026-10-25' },
          ],
        },
      },
    });
    renderWithRouter(<PaymentSlipRoute />, { path: '/payment-slip?year=2026' });
    const row = await screen.findByTestId('slip-row');
    expect(row).toHaveTextContent('2026年10月分 給与明細');
    expect(row).not.toHaveTextContent('291,000');
    expect(requests[0]?.query.get('year')).toBe('2026');
  });

  it('says when a year has none', async () => {
    mockFetch({ 'GET /api/payment-slip/': { body: { count: 0, next: null, previous: null, results: [] } } });
    renderWithRouter(<PaymentSlipRoute />, { path: '/payment-slip?year=2021' });
    expect(await screen.findByText(EMPTY_PAYMENT_SLIPS)).toBeInTheDocument();
  });

  it('lays a slip out as 支給, 控除, 勤怠 and 差引支給額 with a PDF button', async () => {
    mockFetch({ 'GET /api/payment-slip/7/': { body: SLIP } });
    renderWithRouter(<PaymentSlipDetailRoute />, { path: '/payment-slip/7', routePath: '/payment-slip/:id' });
    expect(await screen.findByRole('heading', { name: '支給' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '控除' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '勤怠' })).toBeInTheDocument();
    expect(screen.getByTestId('slip-net-pay')).toHaveTextContent('差引支給額291,000 円');
    expect(screen.getByRole('button', { name: 'PDF をダウンロード' })).toBeInTheDocument();
  });
});
