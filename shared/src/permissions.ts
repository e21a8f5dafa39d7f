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
  /** HR: reads every employee's records (profile, contacts, bank accounts) and is told of their changes (ours). */
  viewEmployee: 'employee.view_employee',
} as const;

export type Permission = (typeof PERM)[keyof typeof PERM];

/** Every codename the product knows, for seeding and administration screens. */
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERM);

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
