import type { TUserState } from '@portal/shared/contracts/account';
import type { TNotification } from '@portal/shared/contracts/notifications';

export function userState(
  overrides: {
    perms?: string[];
    is_staff?: boolean;
    is_superuser?: boolean;
    employeeId?: number | null;
  } = {},
): TUserState {
  const employeeId = overrides.employeeId === undefined ? 7 : overrides.employeeId;
  return {
    me: {
      id: 1,
      username: 'yamada',
      full_name: '山田 太郎',
      email: 'yamada@example.jp',
      avatar: null,
      employee:
        employeeId === null
          ? null
          : { id: employeeId, code: 'E0007', name: '山田 太郎', name_kana: 'ヤマダ タロウ' },
      devices: [],
      is_staff: overrides.is_staff ?? false,
      is_superuser: overrides.is_superuser ?? false,
    },
    perms: overrides.perms ?? [],
    organizations: [{ id: 1, org_name: '開発課' }],
    positions: [{ org_name: '開発課', name: '主任', is_part_time: false }],
    latest_contract: { start_date: '2024-04-01', end_date: null },
  };
}

export function notification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: 1,
    title: '承認依頼が届きました',
    content: '勤怠報告（2025年5月）の承認をお願いします。',
    forward: '/task/tasks/approval/10/nodes/20',
    created_dt: '2025-05-31T09:05:00+09:00',
    is_read: false,
    ...overrides,
  };
}

export function page<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}
