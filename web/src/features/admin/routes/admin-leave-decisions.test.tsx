// Issue 35: the person's page in the console shows the grant job's judgement of each 基準日 — the
// 出勤率 and why paid leave was granted or not — to staff who may view people.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TAdminPerson } from '@portal/shared/contracts/admin';
import { admin } from '@portal/shared/endpoints/admin';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AdminConsole from './admin-console.tsx';

const MORI: TAdminPerson = {
  id: 5,
  code: 'E0005',
  name: '森 さくら',
  kana: 'モリ サクラ',
  username: 'mori',
  user_id: 7,
  is_active: true,
  organization: '開発一課',
  title: '一般',
  last_name: '森',
  first_name: 'さくら',
  last_name_kana: 'モリ',
  first_name_kana: 'サクラ',
  email: 'mori@example.com',
  must_change_password: false,
  is_staff: false,
  is_superuser: false,
  lark_bound: false,
  contracts: [],
  positions: [],
  pending_approvals: [],
  residence: '01',
  residence_expiry: null,
  left_on: null,
  open_requests: [],
  legal_hold: null,
  paid_leave_decisions: [
    {
      granted_on: '2026-10-01',
      period_from: '2025-10-01',
      period_to: '2026-09-30',
      work_days: 243,
      worked_days: 162,
      left_out_days: 0,
      ratio: 66.6,
      granted: false,
      days: 0,
      reason: '出勤率 66.6%（出勤 162 日／全労働日 243 日）：8割未満のため付与なし（第39条第1項・第2項）',
    },
  ],
  allowed: { account: true },
};

afterEach(() => useSessionStore.getState().clear());

describe("the grant judgements on a person's page", () => {
  it('shows each 基準日 with its period and the reason', async () => {
    mockFetch({ ...reply(admin.person, { id: 5 }, { body: MORI }) });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewEmployee] }));
    renderWithRouter(<AdminConsole />, { path: '/admin/people/5', routePath: '/admin/*' });
    expect(await screen.findByRole('heading', { name: '有給休暇の付与判定' })).toBeInTheDocument();
    expect(screen.getByTestId('leave-decision')).toHaveTextContent(
      '基準日 2026-10-01（対象期間 2025-10-01〜2026-09-30）：出勤率 66.6%（出勤 162 日／全労働日 243 日）：8割未満のため付与なし',
    );
  });

  it('says there is none yet', async () => {
    mockFetch({ ...reply(admin.person, { id: 5 }, { body: { ...MORI, paid_leave_decisions: [] } }) });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewEmployee] }));
    renderWithRouter(<AdminConsole />, { path: '/admin/people/5', routePath: '/admin/*' });
    expect(await screen.findByText('判定はまだありません。')).toBeInTheDocument();
  });
});
