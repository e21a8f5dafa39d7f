// Every react-query key of the web in one registry, and the invalidations that reach across features
// (a task action moves the sidebar counts; a workflow change moves the procedures menu), so what a
// change refreshes is read here rather than guessed from string literals spread over the features.
import type { QueryClient } from '@tanstack/react-query';

const ACCOUNT = ['account'] as const;
const TASKS = ['tasks'] as const;
const TASK_WORKFLOWS = ['task-workflows'] as const;
const ATTENDANCE = ['attendance'] as const;
const PROXIES = ['proxies'] as const;
const WORKFLOWS = ['admin-workflows'] as const;
const NODES = ['admin-nodes'] as const;
const NOTIFICATIONS = ['notifications'] as const;
const NOTICES = ['notices'] as const;
const CALENDAR = ['company', 'calendar'] as const;
const BUSINESS_DAYS = ['business-days'] as const;
const LEAVE = ['leave'] as const;
const SLIPS = ['slips'] as const;
const UPLOADS = ['slip-uploads'] as const;
const RECORDS = ['records'] as const;
const ADMIN = ['admin-console'] as const;
const ASSETS = ['assets'] as const;

export const queryKeys = {
  /** Under ['account']: the signed-in user and the counts that every task action changes. */
  account: {
    all: ACCOUNT,
    me: [...ACCOUNT, 'me'] as const,
    statistics: [...ACCOUNT, 'statistics'] as const,
    taskStatistics: [...ACCOUNT, 'task-statistics'] as const,
  },
  authMethods: ['auth', 'methods'] as const,
  pushRegistration: (userId: number | undefined) => ['push-registration', userId] as const,
  organizations: ['organizations'] as const,
  approverChoices: (query: string) => ['approver-choices', query] as const,
  choices: (dataSource: string, query: string) => ['choices', dataSource, query] as const,
  company: {
    info: ['company', 'info'] as const,
    calendar: CALENDAR,
    businessDays: BUSINESS_DAYS,
    businessDaysOf: (year: number, month: number) => [...BUSINESS_DAYS, year, month] as const,
  },
  /** Every task list, task detail and its parts (see TASK_DETAIL_STALE_TIME). */
  tasks: {
    all: TASKS,
    list: (query: object) => [...TASKS, 'list', query] as const,
    detail: (taskId: number) => [...TASKS, 'detail', taskId] as const,
  },
  /** The workflows one may apply for (the procedures menu) and their forms. */
  taskWorkflows: {
    all: TASK_WORKFLOWS,
    form: (workflowId: number) => [...TASK_WORKFLOWS, workflowId, 'form'] as const,
  },
  /** My months, reports, corrections and the employee lists: all refreshed by invalidating `all`. */
  attendance: {
    all: ATTENDANCE,
    month: (year: number, month: number) => [...ATTENDANCE, 'month', year, month] as const,
    employees: (query: object) => [...ATTENDANCE, 'employees', query] as const,
    report: (taskId: number) => [...ATTENDANCE, 'report', taskId] as const,
    details: (taskId: number, version: number | null) =>
      [...ATTENDANCE, 'details', taskId, version ?? 'latest'] as const,
    correction: (taskId: number) => [...ATTENDANCE, 'correction', taskId] as const,
  },
  proxies: {
    all: PROXIES,
    list: (page: number) => [...PROXIES, 'list', page] as const,
    detail: (id: number) => [...PROXIES, 'detail', id] as const,
  },
  workflows: {
    all: WORKFLOWS,
    list: (query: object) => [...WORKFLOWS, 'list', query] as const,
    detail: (id: number) => [...WORKFLOWS, 'detail', id] as const,
    choices: [...WORKFLOWS, 'choices'] as const,
  },
  nodes: {
    all: NODES,
    list: (query: object) => [...NODES, 'list', query] as const,
    ofWorkflow: (workflowId: number) => [...NODES, 'workflow', workflowId] as const,
  },
  /** An employee's own records (profile, contacts, bank accounts); `employee` null: the caller's own. */
  records: {
    all: RECORDS,
    profile: (employeeId: number) => [...RECORDS, 'profile', employeeId] as const,
    contacts: (employeeId: number | null) => [...RECORDS, 'contacts', employeeId] as const,
    bankAccounts: (employeeId: number | null) => [...RECORDS, 'bank-accounts', employeeId] as const,
    banks: (query: string) => ['bank-choices', query] as const,
    branches: (bankCode: string, query: string) => ['branch-choices', bankCode, query] as const,
  },
  /** お知らせ: opening one marks it read, which moves the list, its unread filter and /home's card. */
  notices: {
    all: NOTICES,
    list: (page: number, unread: boolean) => [...NOTICES, 'list', { page, unread }] as const,
    detail: (id: number) => [...NOTICES, 'detail', id] as const,
    file: (id: number, n: number) => [...NOTICES, 'file', id, n] as const,
  },
  notifications: {
    all: NOTIFICATIONS,
    page: (isRead: boolean, page: number) => [...NOTIFICATIONS, 'page', { isRead, page }] as const,
    list: (isRead: boolean) => [...NOTIFICATIONS, 'list', { isRead }] as const,
  },
  /** My leave history and paid-leave status: a vacation approved or undone moves them. */
  leave: {
    all: LEAVE,
    history: [...LEAVE, 'history'] as const,
    status: [...LEAVE, 'status'] as const,
  },
  /** My payslips and withholding slips. */
  slips: {
    all: SLIPS,
    list: (kind: 'payment' | 'withholding', year: number, page: number) =>
      [...SLIPS, kind, 'list', { year, page }] as const,
    /** The first page of every year, newest first: the year a list opens on. */
    newest: (kind: 'payment' | 'withholding') => [...SLIPS, kind, 'newest'] as const,
    detail: (kind: 'payment' | 'withholding', id: number) => [...SLIPS, kind, 'detail', id] as const,
  },
  /** My consent to electronic delivery of each document. */
  consents: [...SLIPS, 'consents'] as const,
  /** HR's issues of slips (upload history) and each upload's employees. */
  uploads: {
    all: UPLOADS,
    list: (query: object) => [...UPLOADS, 'list', query] as const,
    detail: (id: number, query: object) => [...UPLOADS, 'detail', id, query] as const,
  },
  /** The manual (/manual): the contents, a page, a search, a page's image. */
  manual: {
    all: ['manual'] as const,
    contents: ['manual', 'contents'] as const,
    page: (id: number) => ['manual', 'page', id] as const,
    search: (query: string) => ['manual', 'search', query] as const,
    image: (id: number, n: number) => ['manual', 'image', id, n] as const,
  },
  /** The administration console: each declared resource's lists, records and choices. */
  admin: {
    all: ADMIN,
    list: (resource: string, params: object) => [...ADMIN, resource, 'list', params] as const,
    detail: (resource: string, id: number) => [...ADMIN, resource, 'detail', id] as const,
    choices: (name: string) => [...ADMIN, 'choices', name] as const,
  },
  /** Asset lending (issue 31): the types the form offers and the lendings. */
  assets: {
    all: ASSETS,
    types: [...ASSETS, 'types'] as const,
    lendings: (query: object) => [...ASSETS, 'lendings', query] as const,
  },
};

/**
 * Other people act on a task (an approver approves, the applicant resubmits): its detail, nodes and
 * undo-info refetch whenever a page opens them instead of showing a copy up to 30 s old.
 */
export const TASK_DETAIL_STALE_TIME = 0;

const invalidateAll = async (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) => {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

/** After a task action: the lists, the task itself, and the counts of the sidebar and the home page. */
export const invalidateAfterTaskAction = (queryClient: QueryClient) =>
  invalidateAll(queryClient, [queryKeys.tasks.all, queryKeys.account.all, queryKeys.leave.all]);

/** A submitted 勤怠報告 is also a task: my months, the task lists and the counts. */
export const invalidateAfterAttendanceSubmit = (queryClient: QueryClient) =>
  invalidateAll(queryClient, [queryKeys.attendance.all, queryKeys.tasks.all, queryKeys.account.all]);

/** After a correction: the report's every version and the lists that show its figures. */
export const invalidateAfterCorrection = (queryClient: QueryClient) =>
  invalidateAll(queryClient, [queryKeys.attendance.all]);

/** After a workflow or node change: the lists (node counts), the details, and the procedures menu. */
export const invalidateWorkflows = (queryClient: QueryClient) =>
  invalidateAll(queryClient, [queryKeys.workflows.all, queryKeys.nodes.all, queryKeys.taskWorkflows.all]);

/** A change to the settings moves business days; images change only the calendar itself. */
export const invalidateCalendar = (queryClient: QueryClient) =>
  invalidateAll(queryClient, [queryKeys.company.calendar, queryKeys.company.businessDays]);

/** After any console change: every console query, and the organisation chart the shell keeps. */
export const invalidateAdmin = (queryClient: QueryClient) =>
  invalidateAll(queryClient, [queryKeys.admin.all, queryKeys.organizations]);
