// Django-style permission codenames (spec §6). A superuser holds every permission.

export const PERM = {
  viewWorkflow: 'workflow.view_workflow',
  addWorkflow: 'workflow.add_workflow',
  changeWorkflow: 'workflow.change_workflow',
  deleteWorkflow: 'workflow.delete_workflow',
  viewNode: 'workflow.view_node',
  addNode: 'workflow.add_node',
  changeNode: 'workflow.change_node',
  deleteNode: 'workflow.delete_node',
  addUploadHistory: 'expense.add_uploadhistory',
  viewUploadHistory: 'expense.view_uploadhistory',
  viewExpenseAttendance: 'expense.view_attendance',
  viewAttendance: 'employee.view_attendance',
  viewAttendanceOrgOnly: 'employee.view_attendance_org_only',
  /** HR corrections of an approved attendance report (ours; the spec only says a flag gates the button). */
  changeAttendance: 'employee.change_attendance',
  /** The company calendar's 法定休日 weekday, days off and images (ours). */
  changeCompanyCalendar: 'company.change_companycalendar',
  // The administration console (issue 14); every console endpoint also needs is_staff.
  viewOrganization: 'organization.view_organization',
  addOrganization: 'organization.add_organization',
  changeOrganization: 'organization.change_organization',
  deleteOrganization: 'organization.delete_organization',
  /** HR: every employee's records (profile, contacts, bank accounts, told of their changes) and the console's people list. */
  viewEmployee: 'employee.view_employee',
  addEmployee: 'employee.add_employee',
  changeEmployee: 'employee.change_employee',
  /** Deactivate, reactivate and reset the password of an account. */
  changeUser: 'auth.change_user',
  /** Groups, their permission sets, and a user's groups and direct permissions. */
  viewGroup: 'auth.view_group',
  changeGroup: 'auth.change_group',
  /** The console's 操作履歴. */
  viewLogEntry: 'admin.view_logentry',
  /** The company's name in the console's 会社・マスタ screen. */
  changeCompanyInfo: 'company.change_companyinfo',
  /** The station master's import (the public 駅データ CSV layout). */
  changeStation: 'commuting.change_station',
  /** お知らせ (issue 30): write a notice in the console, and change or re-send one. */
  addNotice: 'company.add_notice',
  changeNotice: 'company.change_notice',
  /** The manual's pages in the console (issue 30). */
  changeManual: 'company.change_manual',
  /** Every lending in 資材貸出 (GET assets/lend/) and the console's 資材種別, 資材 and ソフトウェア (issue 31). */
  viewAsset: 'assets.view_asset',
  /** The asset masters, 返却 and 購入品の受領 in the console (issue 31). */
  changeAsset: 'assets.change_asset',
} as const;

export type Permission = (typeof PERM)[keyof typeof PERM];

/** Every codename the product knows, for seeding and administration screens. */
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERM);

/** The one Japanese description of each permission: stored with it, listed in the console. */
export const PERMISSION_LABELS: Record<Permission, string> = {
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
  [PERM.viewOrganization]: '管理画面で組織を閲覧できる',
  [PERM.addOrganization]: '組織を追加できる',
  [PERM.changeOrganization]: '組織の名称・所属・長を変更できる',
  [PERM.deleteOrganization]: '組織を廃止できる',
  [PERM.viewEmployee]: '全社員の個人情報（プロフィール・緊急連絡先・口座）と管理画面の社員を閲覧できる',
  [PERM.addEmployee]: '社員を追加できる',
  [PERM.changeEmployee]: '社員・契約・所属を変更できる',
  [PERM.changeUser]: 'アカウントを無効化・再有効化し、パスワードを再設定できる',
  [PERM.viewGroup]: 'グループと権限を閲覧できる',
  [PERM.changeGroup]: 'グループと権限を変更できる',
  [PERM.viewLogEntry]: '操作履歴を閲覧・出力できる',
  [PERM.changeCompanyInfo]: '会社情報を変更できる',
  [PERM.changeStation]: '駅マスタを取り込める',
  [PERM.addNotice]: 'お知らせを作成できる',
  [PERM.changeNotice]: 'お知らせを変更・再通知できる',
  [PERM.changeManual]: 'マニュアルを編集できる',
  [PERM.viewAsset]: '全社員の資材貸出と資材のマスタを閲覧できる',
  [PERM.changeAsset]: '資材のマスタを変更し、返却・購入品の受領を記録できる',
};

export interface PermissionHolder {
  readonly is_superuser: boolean;
  readonly perms: readonly string[];
}

/** True when the user holds the permission, or any of a list of them (spec §6). */
export function hasPerm(user: PermissionHolder, required: string | readonly string[]): boolean {
  if (user.is_superuser) return true;
  const wanted = typeof required === 'string' ? [required] : required;
  return wanted.some((perm) => user.perms.includes(perm));
}
