// Rows the code relies on existing in every database, demo or not: the permission codenames.
// Django creates its permissions during migrate; we do the same right after migrating.
import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, PERM, type Permission } from '@portal/shared/permissions';
import type { Db } from './client.ts';
import { permissions } from './schema/users.ts';

/** Japanese display names for the administration screens. */
const PERMISSION_NAMES: Record<Permission, string> = {
  [PERM.viewWorkflow]: 'ワークフローを閲覧できる',
  [PERM.addWorkflow]: 'ワークフローを追加できる',
  [PERM.changeWorkflow]: 'ワークフローを変更できる',
  [PERM.deleteWorkflow]: 'ワークフローを削除できる',
  [PERM.viewNode]: 'ノードを閲覧できる',
  [PERM.addNode]: 'ノードを追加できる',
  [PERM.changeNode]: 'ノードを変更できる',
  [PERM.deleteNode]: 'ノードを削除できる',
  [PERM.addUploadHistory]: '給与・源泉票を発行できる',
  [PERM.viewUploadHistory]: 'アップロード履歴を閲覧できる',
  [PERM.viewExpenseAttendance]: '勤怠を出力できる',
  [PERM.viewAttendance]: '全社員の勤怠を閲覧できる',
  [PERM.viewAttendanceOrgOnly]: '自部署の勤怠を閲覧できる',
  [PERM.changeAttendance]: '承認済みの勤怠を修正できる',
  [PERM.changeCompanyCalendar]: '会社カレンダーを変更できる',
  [PERM.viewEmployee]: '全社員の個人情報（プロフィール・緊急連絡先・口座）を閲覧できる',
};

export async function ensurePermissions(db: Db): Promise<void> {
  await db
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((codename) => ({ codename, name: PERMISSION_NAMES[codename] })))
    .onConflictDoUpdate({ target: permissions.codename, set: { name: sql`excluded.name` } });
}
