import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TObligationAtRisk } from '@portal/shared/contracts/vacations';
import { renderWithRouter } from '@/testing/render.tsx';
import PaidLeaveAdminRoute, { EMPTY_AT_RISK, REGISTER_BUTTON, SORT_LABEL } from './paid-leave-admin.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);
const files = vi.hoisted(() => ({ saveFile: vi.fn(), openFileWindow: vi.fn() }));
vi.mock('@/lib/save-file.ts', () => files);

const XLSX = new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]);

const person = (over: Partial<TObligationAtRisk>): TObligationAtRisk => ({
  employee_id: 1,
  code: 'E001',
  name: '山田 太郎',
  organization: '開発一課',
  head: '鈴木 一郎',
  granted_on: '2025-12-01',
  deadline: '2026-11-30',
  required_days: 5,
  taken_days: 2,
  days_left: 3,
  remaining_days: 18,
  ...over,
});

const AT_RISK = [
  person({}),
  person({ employee_id: 2, code: 'E002', name: '佐藤 花子', head: null, taken_days: 0, days_left: 200 }),
];

function serve(atRisk: TObligationAtRisk[]) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      seen.push(`${url.pathname}${url.search}`);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/organizations/')
        return json([
          { id: 4, name: '開発一課', parent_id: 3, level: '10', head_name: null, member_count: 4 },
          { id: 5, name: '開発二課', parent_id: 3, level: '10', head_name: null, member_count: 3 },
        ]);
      if (url.pathname === '/api/paid-vacation/obligation/at-risk/') return json(atRisk);
      return new Response(XLSX, {
        headers: {
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('年次有給休暇管理簿.xlsx')}`,
        },
      });
    }),
  );
  return seen;
}

beforeEach(() => {
  notify.toastError.mockReset();
  files.saveFile.mockReset();
});

describe('/vacations/management', () => {
  it('lists who is short of the five days, fewest days left first, and turns the order', async () => {
    serve(AT_RISK);
    renderWithRouter(<PaidLeaveAdminRoute />, { path: '/vacations/management' });
    const rows = await screen.findAllByTestId('leave-at-risk-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('山田 太郎');
    expect(rows[0]).toHaveTextContent('鈴木 一郎');
    expect(rows[0]).toHaveTextContent('2 日 / 5 日');
    expect(within(rows[1]!).getByText('佐藤 花子')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: new RegExp(SORT_LABEL.asc) }));
    const turned = await screen.findAllByTestId('leave-at-risk-row');
    expect(turned[0]).toHaveTextContent('佐藤 花子');
    expect(screen.getByRole('button', { name: new RegExp(SORT_LABEL.desc) })).toBeInTheDocument();
  });

  it('downloads the register of the chosen organisation and year', async () => {
    const seen = serve([]);
    renderWithRouter(<PaidLeaveAdminRoute />, { path: '/vacations/management' });
    expect(await screen.findByText(EMPTY_AT_RISK)).toBeInTheDocument();
    await screen.findByRole('option', { name: '開発二課' });
    await userEvent.selectOptions(screen.getByLabelText('組織'), '5');
    await userEvent.click(screen.getByRole('button', { name: REGISTER_BUTTON }));
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
    const asked = seen.find((s) => s.startsWith('/api/paid-vacation/register/'));
    const query = new URLSearchParams(asked!.split('?')[1]);
    expect(query.get('organization')).toBe('5');
    expect(query.get('year')).toMatch(/^\d{4}$/);
    expect(files.saveFile.mock.calls[0]![1]).toBe('年次有給休暇管理簿.xlsx');
  });
});
