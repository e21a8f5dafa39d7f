import { describe, expect, it } from 'vitest';
import { PERM } from '@portal/shared/permissions';
import { userState } from '@/testing/fixtures.ts';
import { buildNavEntries, EMPLOYEE_MENU, isNavGroup, selectedNavKey, type NavEntry } from './nav-items.ts';

const texts = (entries: NavEntry[]) =>
  entries.flatMap((entry) =>
    isNavGroup(entry) ? [entry.text, ...entry.items.map((item) => item.text)] : [entry.text],
  );

const keyOf = (entries: NavEntry[], text: string) =>
  entries.flatMap((entry) => (isNavGroup(entry) ? entry.items : [entry])).find((item) => item.text === text)
    ?.key;

describe('sidebar entries (spec §2.3, §6)', () => {
  it('gives every user home, procedures, manual, notices, the task lists, calendar and org chart', () => {
    const entries = buildNavEntries(userState(), { unresolved_tasks: 2, approval_tasks: 5 });
    expect(texts(entries)).toEqual([
      'ホーム',
      '手続き',
      'マニュアル',
      'お知らせ',
      '申請・承認',
      '申請中',
      '完了済み',
      '承認待ち',
      '承認済み',
      '閲覧可能',
      '会社カレンダー',
      '組織図',
    ]);
    const tasks = entries.find(isNavGroup);
    expect(tasks?.items.map((item) => [item.key, item.badge])).toEqual([
      ['/task/tasks/unresolved', 2],
      ['/task/tasks/finished', undefined],
      ['/task/tasks/approval', 5],
      ['/task/tasks/approval-finished', undefined],
      ['/task/tasks/observer', undefined],
    ]);
  });

  it('shows each workflow item only with its own permission', () => {
    const workflowOnly = buildNavEntries(userState({ perms: [PERM.viewWorkflow] }));
    expect(keyOf(workflowOnly, 'ワークフロー')).toBe('/workflow/workflows');
    expect(keyOf(workflowOnly, 'ノード')).toBeUndefined();
    const nodeOnly = buildNavEntries(userState({ perms: [PERM.viewNode] }));
    expect(keyOf(nodeOnly, 'ノード')).toBe('/workflow/nodes');
    expect(keyOf(nodeOnly, 'ワークフロー')).toBeUndefined();
  });

  it('gates each expense item by its permission and hides the empty group', () => {
    expect(texts(buildNavEntries(userState()))).not.toContain('経費・給与');
    const entries = buildNavEntries(
      userState({ perms: [PERM.addUploadHistory, PERM.viewExpenseAttendance] }),
    );
    expect(keyOf(entries, '給与・源泉票発行')).toBe('/expense/upload/');
    expect(keyOf(entries, 'アップロード履歴')).toBeUndefined();
    expect(keyOf(entries, '勤怠出力')).toBe('/expense/attendance');
    expect(keyOf(buildNavEntries(userState({ perms: [PERM.viewUploadHistory] })), 'アップロード履歴')).toBe(
      '/expense/uploads',
    );
  });

  it('links the attendance list of every organisation one may see (0) with either attendance permission', () => {
    expect(keyOf(buildNavEntries(userState()), '勤怠一覧')).toBeUndefined();
    expect(keyOf(buildNavEntries(userState({ perms: [PERM.viewAttendance] })), '勤怠一覧')).toBe(
      '/employee/attendance/0',
    );
    expect(
      keyOf(
        buildNavEntries(userState({ perms: [PERM.viewAttendanceOrgOnly], employeeId: null })),
        '勤怠一覧',
      ),
    ).toBe('/employee/attendance/0');
  });

  it('shows the admin settings link to staff only, as a page of the app', () => {
    expect(keyOf(buildNavEntries(userState()), '設定')).toBeUndefined();
    const staff = buildNavEntries(userState({ is_staff: true }));
    const entry = staff.find((e) => e.text === '設定');
    expect(entry).toMatchObject({ key: '/admin/' });
    expect(entry).not.toHaveProperty('external');
    expect(selectedNavKey(staff, '/admin/people/3')).toBe('/admin/');
  });

  it('shows the queue dashboard to staff and superusers only, as a page of the server', () => {
    expect(keyOf(buildNavEntries(userState()), 'ジョブキュー')).toBeUndefined();
    expect(keyOf(buildNavEntries(userState({ perms: [PERM.viewWorkflow] })), 'ジョブキュー')).toBeUndefined();
    for (const user of [userState({ is_staff: true }), userState({ is_superuser: true })]) {
      expect(buildNavEntries(user).find((entry) => entry.text === 'ジョブキュー')).toMatchObject({
        key: '/api/admin/queues/',
        external: true,
        action: 'openQueueBoard',
      });
    }
    // Never the selected entry: it is not a page of this app.
    expect(
      selectedNavKey(buildNavEntries(userState({ is_staff: true })), '/api/admin/queues/'),
    ).toBeUndefined();
  });

  it('gives a superuser every gated entry', () => {
    const all = texts(buildNavEntries(userState({ is_superuser: true })));
    for (const text of [
      'ワークフロー',
      'ノード',
      '給与・源泉票発行',
      'アップロード履歴',
      '勤怠出力',
      '勤怠一覧',
    ]) {
      expect(all).toContain(text);
    }
  });

  it("puts every screen of the user menu in the phone's drawer, in its group", () => {
    const leavesOf = (entries: NavEntry[], group?: string) =>
      entries
        .filter((entry) => (group ? isNavGroup(entry) && entry.text === group : true))
        .flatMap((entry) => (isNavGroup(entry) ? entry.items : [entry]))
        .map((item) => ({ to: item.key, text: item.text }));
    const drawer = buildNavEntries(userState(), undefined, { withEmployeeMenu: true });
    const menu = EMPLOYEE_MENU.map(({ to, text }) => ({ to, text }));
    // The drawer's entries that are the user menu's are exactly the user menu's, in its order.
    const menuKeys = new Set<string>(menu.map((item) => item.to));
    expect(leavesOf(drawer).filter((item) => menuKeys.has(item.to))).toEqual(menu);
    expect(leavesOf(drawer, '自分の記録').map((item) => item.text)).toEqual([
      'プロフィール',
      '緊急連絡先',
      '銀行口座',
      '給与明細',
      '源泉徴収票',
      '休暇履歴',
      '資材貸出',
    ]);
    expect(leavesOf(drawer, '申請・承認').map((item) => item.text)).toEqual([
      '申請中',
      '完了済み',
      '承認待ち',
      '承認済み',
      '閲覧可能',
      '承認代理',
    ]);
    // The wide sidebar leaves them to the user menu beside it, as does a user without an employee record.
    expect(leavesOf(buildNavEntries(userState())).filter((item) => menuKeys.has(item.to))).toEqual([]);
    const noEmployee = buildNavEntries(userState({ employeeId: null }), undefined, {
      withEmployeeMenu: true,
    });
    expect(leavesOf(noEmployee).filter((item) => menuKeys.has(item.to))).toEqual([]);
    expect(texts(noEmployee)).not.toContain('自分の記録');
  });

  it('selects the entry whose path holds the current page', () => {
    const entries = buildNavEntries(userState({ is_superuser: true }));
    expect(selectedNavKey(entries, '/task/tasks/approval/3/nodes/4')).toBe('/task/tasks/approval');
    expect(selectedNavKey(entries, '/task/tasks/approval-finished/3')).toBe('/task/tasks/approval-finished');
    expect(selectedNavKey(entries, '/expense/upload/12')).toBe('/expense/upload/');
    expect(selectedNavKey(entries, '/expense/uploads')).toBe('/expense/uploads');
    expect(selectedNavKey(entries, '/profile')).toBeUndefined();
  });
});
