import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPaidLeaveStatus, TPaidLeaveYear, TVacation } from '@portal/shared/contracts/vacations';
import { MSG } from '@portal/shared/messages';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import VacationsRoute, { EMPTY_VACATIONS } from './vacations.tsx';

const STATUS: TPaidLeaveStatus = {
  granted: 31,
  used: 3.5,
  pending: 1,
  remaining: 26.5,
  remaining_days: 27.5,
  expiring_days: 0,
  grants: [
    { granted_on: '2025-10-01', expires_on: '2027-10-01', days: 11, used_days: 3.5, remaining_days: 7.5 },
    { granted_on: '2026-10-01', expires_on: '2028-10-01', days: 20, used_days: 0, remaining_days: 20 },
  ],
  next_grant: { date: '2027-10-01', days: 14 },
  obligation: { required_days: 5, taken_days: 1.5, deadline: '2027-09-30', granted_on: '2026-10-01' },
};

const YEAR: TPaidLeaveYear = {
  year: 2026,
  code: 'E0001',
  name: '山田 太郎',
  grants: [
    {
      granted_on: '2026-10-01',
      expires_on: '2028-10-01',
      days: 20,
      used_days: 0,
      remaining_days: 20,
      obligation: { required_days: 5, taken_days: 1.5, deadline: '2027-09-30' },
    },
  ],
  taken_days: 0.5,
  dates: ['2026-05-08（半日含む）'],
  decisions: [
    {
      granted_on: '2026-10-01',
      period_from: '2025-10-01',
      period_to: '2026-09-30',
      work_days: 243,
      worked_days: 240,
      left_out_days: 0,
      ratio: 98.7,
      granted: true,
      days: 20,
      reason: '出勤率 98.7%（出勤 240 日／全労働日 243 日）：8割以上のため 20 日を付与（第39条第1項・第2項）',
    },
  ],
};

const LEAVE: TVacation[] = [
  {
    id: 1,
    category: '01',
    category_name: '有給休暇',
    start_date: '2025-03-03',
    end_date: '2025-03-04',
    days: 2,
    is_start_half: false,
    is_end_half: false,
    task_id: null,
  },
  {
    id: 2,
    category: '01',
    category_name: '有給休暇',
    start_date: '2026-05-08',
    end_date: '2026-05-08',
    days: 0.5,
    is_start_half: true,
    is_end_half: false,
    task_id: 9,
  },
];

describe('/vacations', () => {
  it('shows the balance with the next grant and the obligation, and the history of the chosen year', async () => {
    mockFetch({
      'GET /api/paid-vacation/status/': { body: STATUS },
      'GET /api/vacations/': { body: LEAVE },
      'GET /api/paid-vacation/year/2026/': { body: YEAR },
    });
    renderWithRouter(<VacationsRoute />, { path: '/vacations?year=2026' });
    expect(await screen.findByTestId('leave-remaining')).toHaveTextContent('27.5 日');
    expect(screen.getByTestId('leave-next-grant')).toHaveTextContent('2027-10-01（14 日）');
    expect(screen.getByTestId('leave-obligation')).toHaveTextContent('1.5 日 / 5 日（期限 2027-09-30）');
    expect(screen.getByRole('table', { name: '有効な付与' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('vacation-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('午後から');
    expect(screen.getByRole('combobox', { name: '年' })).toHaveValue('2026');
  });

  it('shows a leave across the 基準日 cut there, each part with its days', async () => {
    const across: TVacation = {
      ...LEAVE[0]!,
      id: 3,
      start_date: '2026-09-29',
      end_date: '2026-10-01',
      days: 3,
      parts: [
        { start_date: '2026-09-29', end_date: '2026-09-30', days: 2 },
        { start_date: '2026-10-01', end_date: '2026-10-01', days: 1 },
      ],
    };
    mockFetch({
      'GET /api/paid-vacation/status/': { body: STATUS },
      'GET /api/vacations/': { body: [...LEAVE, across] },
      'GET /api/paid-vacation/year/2026/': { body: YEAR },
    });
    renderWithRouter(<VacationsRoute />, { path: '/vacations?year=2026' });
    const rows = await screen.findAllByTestId('vacation-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2026-09-29〜2026-09-30 2 日／2026-10-01 1 日');
    expect(rows[1]).not.toHaveTextContent('2026-10-01 1 日');
  });

  it("says '有休情報取得できません。' when the status cannot be read, and when a year has no leave", async () => {
    mockFetch({
      'GET /api/paid-vacation/status/': { status: 500, body: { detail: 'boom' } },
      'GET /api/vacations/': { body: LEAVE },
      'GET /api/paid-vacation/year/2026/': { body: YEAR },
    });
    renderWithRouter(<VacationsRoute />, { path: '/vacations?year=2024' });
    expect(await screen.findByText(MSG.paidLeaveUnavailable)).toBeInTheDocument();
    expect(await screen.findByText(EMPTY_VACATIONS)).toBeInTheDocument();
  });

  it("shows my year's register: 基準日, days left, the obligation, the dates and why the grant was made", async () => {
    mockFetch({
      'GET /api/paid-vacation/status/': { body: STATUS },
      'GET /api/vacations/': { body: LEAVE },
      'GET /api/paid-vacation/year/2026/': { body: YEAR },
    });
    renderWithRouter(<VacationsRoute />, { path: '/vacations?year=2026' });
    const table = await screen.findByRole('table', { name: '基準日と付与' });
    expect(table).toHaveTextContent('2026-10-01');
    expect(table).toHaveTextContent('1.5 日 / 5 日（期限 2027-09-30）');
    expect(screen.getByTestId('leave-register-taken')).toHaveTextContent(
      '取得日数 0.5 日：2026-05-08（半日含む）',
    );
    expect(screen.getByTestId('leave-decision')).toHaveTextContent('8割以上のため 20 日を付与');
    expect(screen.getByRole('button', { name: '管理簿（PDF）' })).toBeInTheDocument();
  });
});
