import type { TUserState } from '@portal/shared/contracts/account';
import type { TNotification } from '@portal/shared/contracts/notifications';
import type { TTask, TTaskFormField, TTaskNode } from '@portal/shared/contracts/tasks';

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

/** A task as the API answers it (GET task/tasks/{id}/ and every action), in progress. */
export function task(overrides: Partial<TTask> = {}): TTask {
  return {
    id: 7,
    workflow: 2,
    workflow_name: '勤怠報告',
    workflow_kind: 'attendance',
    status: '01',
    status_name: '申請中',
    applicant_id: 1,
    employee_name: '山田 太郎',
    employee_code: 'E0007',
    project_id: null,
    project_name: null,
    org_id: 1,
    org_name: '開発課',
    org_full_name: '開発課',
    current_node_name: '課長承認',
    created_at: '2025-05-01T09:00:00+09:00',
    updated_at: '2025-05-01T09:00:00+09:00',
    finished_at: null,
    can_resubmit: false,
    can_withdraw: true,
    can_cancel_vacation: false,
    allowed_actions: ['withdraw'],
    actionable_node_ids: [],
    reject_reasons: null,
    ...overrides,
  };
}

/** A node instance of a task (GET task/tasks/{id}/nodes/), awaiting action. */
export function taskNode(overrides: Partial<TTaskNode> = {}): TTaskNode {
  return {
    id: 40,
    node_code: '01',
    node_name: '課長承認',
    order: 1,
    is_observer: false,
    status: '01',
    status_name: '承認待ち',
    approvers: [{ id: 3, name: '鈴木 一郎' }],
    approver_name: '鈴木 一郎',
    acted_by_id: null,
    acted_by_name: null,
    is_proxy: false,
    principal_name: null,
    comment: null,
    reason: null,
    acted_at: null,
    task_status: '01',
    ...overrides,
  };
}

/** A field of a task's form (GET task/tasks/{id}/form/), a text. */
export function taskFormField(overrides: Partial<TTaskFormField> = {}): TTaskFormField {
  return {
    id: 1,
    name: 'title',
    data_type: 'string',
    label: '件名',
    choices: [],
    value: '',
    is_required: false,
    is_readonly: false,
    max_length: null,
    help_text: '',
    order: 1,
    step: null,
    multiple: false,
    data_source: null,
    field_for_init: null,
    attachment: null,
    attachment_name: null,
    ...overrides,
  };
}
