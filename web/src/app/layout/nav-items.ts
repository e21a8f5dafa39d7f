import type { TStatistics, TUserState } from '@portal/shared/contracts/account';
import { hasPerm, PERM } from '@portal/shared/permissions';
import { PATHS } from '@/config/paths.ts';

export type NavIcon =
  | 'home'
  | 'procedures'
  | 'manual'
  | 'notices'
  | 'tasks'
  | 'workflow'
  | 'expense'
  | 'calendar'
  | 'organization'
  | 'attendance'
  | 'settings'
  | 'queues'
  | 'records';

/** What a click runs instead of following the link (sidebar.tsx). */
export type NavAction = 'openQueueBoard';

export interface NavLeaf {
  key: string;
  text: string;
  icon?: NavIcon;
  badge?: number;
  /** A page of the server (admin), not of this app. */
  external?: boolean;
  action?: NavAction;
}

export interface NavGroup {
  key: string;
  text: string;
  icon: NavIcon;
  items: NavLeaf[];
}

export type NavEntry = NavLeaf | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

export const TASK_GROUP_KEY = 'tasks';
export const RECORDS_GROUP_KEY = 'records';

/**
 * The screens of one's own records (spec §6: users with an employee record): the user menu lists them
 * all, and the phone's drawer too, each in its group, so a newcomer who opens ☰ finds 給与明細 (issue 37).
 * Both read this one list, so they cannot drift apart.
 */
export const EMPLOYEE_MENU = [
  { to: PATHS.profile, text: 'プロフィール', group: RECORDS_GROUP_KEY },
  { to: PATHS.contacts, text: '緊急連絡先', group: RECORDS_GROUP_KEY },
  { to: PATHS.bankAccounts, text: '銀行口座', group: RECORDS_GROUP_KEY },
  { to: PATHS.paymentSlip, text: '給与明細', group: RECORDS_GROUP_KEY },
  { to: PATHS.withholding, text: '源泉徴収票', group: RECORDS_GROUP_KEY },
  { to: PATHS.vacations, text: '休暇履歴', group: RECORDS_GROUP_KEY },
  { to: PATHS.assets, text: '資材貸出', group: RECORDS_GROUP_KEY },
  { to: PATHS.proxies, text: '承認代理', group: TASK_GROUP_KEY },
] as const;

/** The user menu's entries of a group, as leaves of the drawer. */
const employeeLeaves = (group: string): NavLeaf[] =>
  EMPLOYEE_MENU.filter((item) => item.group === group).map((item) => ({ key: item.to, text: item.text }));

export interface NavOptions {
  /** The phone's drawer: the user menu's screens too (the person icon is easy to miss). */
  withEmployeeMenu?: boolean;
}

/** The sidebar of spec §2.3, gated by the permissions of spec §6. */
export function buildNavEntries(
  user: TUserState,
  statistics?: TStatistics,
  { withEmployeeMenu = false }: NavOptions = {},
): NavEntry[] {
  const mine = withEmployeeMenu && user.me.employee !== null;
  const ownLeaves = (group: string) => (mine ? employeeLeaves(group) : []);
  const holder = { is_superuser: user.me.is_superuser, perms: user.perms };
  const can = (perm: string | readonly string[]) => hasPerm(holder, perm);
  const groupOf = (key: string, text: string, icon: NavIcon, items: (NavLeaf | false)[]): NavGroup[] => {
    const shown = items.filter((item): item is NavLeaf => item !== false);
    return shown.length > 0 ? [{ key, text, icon, items: shown }] : [];
  };

  return [
    { key: PATHS.home, text: 'ホーム', icon: 'home' },
    { key: PATHS.procedures, text: '手続き', icon: 'procedures' },
    { key: PATHS.manual, text: 'マニュアル', icon: 'manual' },
    { key: PATHS.notices, text: 'お知らせ', icon: 'notices' },
    ...groupOf(RECORDS_GROUP_KEY, '自分の記録', 'records', ownLeaves(RECORDS_GROUP_KEY)),
    ...groupOf(TASK_GROUP_KEY, '申請・承認', 'tasks', [
      { key: PATHS.tasksUnresolved, text: '申請中', badge: statistics?.unresolved_tasks ?? 0 },
      { key: PATHS.tasksFinished, text: '完了済み' },
      { key: PATHS.tasksApproval, text: '承認待ち', badge: statistics?.approval_tasks ?? 0 },
      { key: PATHS.tasksApprovalFinished, text: '承認済み' },
      { key: PATHS.tasksObserver, text: '閲覧可能' },
      ...ownLeaves(TASK_GROUP_KEY),
    ]),
    ...groupOf('workflow', 'ワークフロー管理', 'workflow', [
      can(PERM.viewWorkflow) && { key: PATHS.workflows, text: 'ワークフロー' },
      can(PERM.viewNode) && { key: PATHS.nodes, text: 'ノード' },
    ]),
    ...groupOf('expense', '経費・給与', 'expense', [
      can(PERM.addUploadHistory) && { key: PATHS.expenseUpload, text: '給与・源泉票発行' },
      can(PERM.viewUploadHistory) && { key: PATHS.expenseUploads, text: 'アップロード履歴' },
      can(PERM.viewExpenseAttendance) && { key: PATHS.expenseAttendance, text: '勤怠出力' },
      can(PERM.viewEmployee) && { key: PATHS.paidLeaveAdmin, text: '有給休暇の管理' },
    ]),
    { key: PATHS.companyCalendar, text: '会社カレンダー', icon: 'calendar' },
    { key: PATHS.organizationChart, text: '組織図', icon: 'organization' },
    ...(can([PERM.viewAttendance, PERM.viewAttendanceOrgOnly])
      ? [
          {
            // 0: every employee one may see (the list's organisation filter starts empty).
            key: PATHS.employeeAttendance(0),
            text: '勤怠一覧',
            icon: 'attendance' as const,
          },
        ]
      : []),
    ...(user.me.is_staff ? [{ key: PATHS.admin, text: '設定', icon: 'settings' as const }] : []),
    // The API lets staff and superusers into the queue dashboard (docs/bot.md): nobody else sees it.
    ...(user.me.is_staff || user.me.is_superuser
      ? [
          {
            key: PATHS.queueBoard,
            text: 'ジョブキュー',
            icon: 'queues' as const,
            external: true,
            action: 'openQueueBoard' as const,
          },
        ]
      : []),
  ];
}

function leaves(entries: readonly NavEntry[]): NavLeaf[] {
  return entries.flatMap((entry) => (isNavGroup(entry) ? entry.items : [entry]));
}

/** The entry for a path: the longest key that is the path or one of its parent folders. */
export function selectedNavKey(entries: readonly NavEntry[], pathname: string): string | undefined {
  const path = pathname.endsWith('/') && pathname !== '/' ? pathname.slice(0, -1) : pathname;
  let best: string | undefined;
  for (const { key, external } of leaves(entries)) {
    if (external) continue;
    const base = key.endsWith('/') ? key.slice(0, -1) : key;
    if ((path === base || path.startsWith(`${base}/`)) && (!best || base.length > best.length)) best = key;
  }
  return best;
}

/** The group holding a key, so it starts open. */
export function groupOfKey(entries: readonly NavEntry[], key: string | undefined): string | undefined {
  return entries.find((entry) => isNavGroup(entry) && entry.items.some((item) => item.key === key))?.key;
}
