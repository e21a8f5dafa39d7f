// The permission each guarded screen needs (spec §6), by route pattern: the router's guard
// (app/guards.ts requirePermission) refuses the others with the one 権限がありません page. A list
// passes with any one of its permissions; a superuser passes every check.
import { PERM, type Permission } from '@portal/shared/permissions';
import type { PagePattern } from './page-titles.ts';

export type RequiredPermission = Permission | readonly Permission[];

export const ROUTE_PERMISSIONS: Partial<Record<PagePattern, RequiredPermission>> = {
  '/workflow/workflows': PERM.viewWorkflow,
  '/workflow/workflows/:id': PERM.viewWorkflow,
  '/workflow/nodes': PERM.viewNode,
  '/expense/upload/': PERM.addUploadHistory,
  '/expense/uploads': PERM.viewUploadHistory,
  '/expense/upload/:id': PERM.viewUploadHistory,
  '/expense/attendance': PERM.viewExpenseAttendance,
  '/vacations/management': PERM.viewEmployee,
  '/employee/attendance/:id': [PERM.viewAttendance, PERM.viewAttendanceOrgOnly],
};
