import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPaymentSlip } from '@portal/shared/contracts/slips';
import { mockFetch, type RecordedRequest } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import PaymentSlipDetailRoute from './payment-slip-detail.tsx';
import PaymentSlipRoute, { EMPTY_PAYMENT_SLIPS } from './payment-slip.tsx';
import WithholdingRoute, { EMPTY_WITHHOLDING } from './withholding.tsx';

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

/** The list's own requests: the consent panel under it asks too. */
const listed = (requests: RecordedRequest[], list: 'payment-slip' | 'withholding') =>
  requests.filter((r) => r.path === `/api/${list}/`);

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
    expect(listed(requests, 'payment-slip')[0]?.query.get('year')).toBe('2026');
  });

  it('opens on the newest year with a slip, not on this year', async () => {
    const { requests } = mockFetch({
      'GET /api/payment-slip/': (request) => ({
        body: {
          count: 1,
          next: null,
          previous: null,
          // Every year, newest first, without ?year=; the year's own rows with it.
          results: [
            {
              id: 7,
              year: 2024,
              month: 12,
              kind: 'bonus',
              title: request.query.has('year') ? '2024年12月分 賞与明細' : 'every year',
              issued_on: '2024-12-10',
            },
          ],
        },
      }),
    });
    const { router } = renderWithRouter(<PaymentSlipRoute />, { path: '/payment-slip' });
    expect(await screen.findByTestId('slip-row')).toHaveTextContent('2024年12月分 賞与明細');
    expect(screen.getByRole('combobox', { name: '年' })).toHaveValue('2024');
    expect(listed(requests, 'payment-slip').map((r) => r.query.get('year'))).toEqual([null, '2024']);
    expect(router.state.location.search).toBe('');
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

describe('/withholding', () => {
  const page = (results: { id: number; year: number; title: string; issued_on: string }[]) => ({
    body: { count: results.length, next: null, previous: null, results },
  });

  it("opens on the newest year with a slip: last year's, while this year's is not yet issued", async () => {
    const thisYear = new Date().getFullYear();
    const last = {
      id: 3,
      year: thisYear - 1,
      title: `${thisYear - 1}年分 源泉徴収票`,
      issued_on: `${thisYear}-01-20`,
    };
    const { requests } = mockFetch({
      'GET /api/withholding/': (request) =>
        page(request.query.has('year') && request.query.get('year') !== String(last.year) ? [] : [last]),
    });
    renderWithRouter(<WithholdingRoute />, { path: '/withholding' });
    expect(await screen.findByTestId('slip-row')).toHaveTextContent(last.title);
    expect(screen.getByRole('combobox', { name: '年' })).toHaveValue(String(last.year));
    expect(listed(requests, 'withholding').map((r) => r.query.get('year'))).toEqual([
      null,
      String(last.year),
    ]);
  });

  it('opens on this year when there is no slip at all', async () => {
    const { requests } = mockFetch({ 'GET /api/withholding/': page([]) });
    renderWithRouter(<WithholdingRoute />, { path: '/withholding' });
    expect(await screen.findByText(EMPTY_WITHHOLDING)).toBeInTheDocument();
    const thisYear = String(new Date().getFullYear());
    expect(screen.getByRole('combobox', { name: '年' })).toHaveValue(thisYear);
    expect(listed(requests, 'withholding').map((r) => r.query.get('year'))).toEqual([null, thisYear]);
  });

  it('keeps the year the URL names', async () => {
    const { requests } = mockFetch({ 'GET /api/withholding/': page([]) });
    renderWithRouter(<WithholdingRoute />, { path: '/withholding?year=2021' });
    expect(await screen.findByText(EMPTY_WITHHOLDING)).toBeInTheDocument();
    expect(listed(requests, 'withholding').map((r) => r.query.get('year'))).toEqual(['2021']);
  });
});
