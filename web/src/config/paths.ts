// Paths the code links to. Route patterns and their titles live in page-titles.ts.
import { QUEUE_BOARD_PAGE } from '@portal/shared/endpoints/queues';
import { taskLink } from '@portal/shared/workflow/task-links';

export const PATHS = {
  login: '/login',
  loginNative: '/login-native',
  home: '/home',
  profile: '/profile',
  contacts: '/contacts',
  bankAccounts: '/band-accounts',
  paymentSlip: '/payment-slip',
  withholding: '/withholding',
  vacations: '/vacations',
  paidLeaveAdmin: '/vacations/management',
  proxies: '/proxies',
  assets: '/assets',
  manual: '/manual',
  notices: '/notices',
  manualPage: (id: number) => `/manual/${id}`,
  companyCalendar: '/company/calendar',
  organizationChart: '/company/organization-chart',
  workflows: '/workflow/workflows',
  nodes: '/workflow/nodes',
  procedures: '/task/workflows',
  tasksUnresolved: taskLink.list('unresolved'),
  tasksApproval: taskLink.list('approval'),
  tasksApprovalFinished: taskLink.list('approval-finished'),
  tasksFinished: taskLink.list('finished'),
  tasksObserver: taskLink.list('observer'),
  expenseUpload: '/expense/upload/',
  expenseUploads: '/expense/uploads',
  expenseAttendance: '/expense/attendance',
  /** The attendance list of an organisation; 0 = every employee one may see. */
  employeeAttendance: (organizationId: number) => `/employee/attendance/${organizationId}`,
  /** The administration console (issue 14; Django admin in the original), its own lazy part of the app. */
  admin: '/admin/',
  /** The API's queue dashboard (staff; opened through app/layout/queue-board.ts). */
  queueBoard: QUEUE_BOARD_PAGE,
} as const;

export const LOGIN_PATHS: readonly string[] = [PATHS.login, PATHS.loginNative];
