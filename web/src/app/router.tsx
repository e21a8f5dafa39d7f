import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { NotFound } from '@/components/errors/not-found.tsx';
import { RouteError } from '@/components/errors/route-error.tsx';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { PAGE_TITLES, type PagePattern } from '@/config/page-titles.ts';
import { PATHS } from '@/config/paths.ts';
import { ROUTE_PERMISSIONS } from '@/config/route-permissions.ts';
import { prefetchTaskList } from '@/features/tasks/api/get-tasks.ts';
import { prefetchOrganizations } from '@/api/get-organizations.ts';
import { lazyPage } from '@/lib/lazy-route.ts';
import { hasAccessToken } from '@/stores/session-store.ts';
import { AppRoot } from './app-root.tsx';
import { alwaysRevalidate, requireAuth, requirePermission, resetServerStatus } from './guards.ts';

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * Starts a screen's first query from its URL while the screen's code loads, so the rows come with
 * the code rather than after it (issue 20). Called for a signed-in visitor allowed the screen.
 */
type Prefetch = (url: URL) => void;

// The web build reads this file's page(), publicPage() and loadShell to list each route's files,
// which the server names in the page's HTML (web/build/route-preloads.ts): keep their arguments
// literal, a pattern and an arrow returning import('…').

/** The signed-in shell (sidebar, top bar, footer): it loads with every page() below. */
const loadShell = () => import('./layout/app-layout.tsx');

/** A page open to everyone: the sign-in pages. */
function publicPage(pattern: '/login' | '/login-native', load: PageModule): RouteObject {
  return {
    id: pattern.slice(1),
    path: pattern,
    handle: { title: PAGE_TITLES[pattern] },
    lazy: lazyPage(load),
  };
}

/**
 * A login-required page: its title from the one table, its code in its own chunk, and the guard of
 * its permission, if it needs one (config/route-permissions.ts).
 */
function page(pattern: Exclude<PagePattern, '*'>, load: PageModule, prefetch?: Prefetch): RouteObject {
  const required = ROUTE_PERMISSIONS[pattern];
  const guard = required ? requirePermission(required) : null;
  const loader =
    guard || prefetch
      ? async ({ request }: LoaderFunctionArgs) => {
          // The guard throws the refusal, so a refused screen asks for nothing.
          if (guard) await guard();
          if (prefetch && hasAccessToken()) prefetch(new URL(request.url));
          return null;
        }
      : undefined;
  return {
    path: pattern.slice(1),
    handle: { title: PAGE_TITLES[pattern] },
    ...(loader ? { loader } : {}),
    lazy: lazyPage(load),
    ErrorBoundary: RouteError,
  };
}

/** The route table of spec §2.1. */
export const routes: RouteObject[] = [
  {
    id: 'app',
    Component: AppRoot,
    loader: resetServerStatus,
    shouldRevalidate: alwaysRevalidate,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      publicPage('/login', () => import('@/features/auth/routes/login.tsx')),
      publicPage('/login-native', () => import('@/features/auth/routes/login-native.tsx')),
      {
        id: 'root',
        path: '/',
        loader: requireAuth,
        shouldRevalidate: alwaysRevalidate,
        lazy: lazyPage(loadShell),
        children: [
          { index: true, loader: () => redirect(PATHS.home), element: null },
          page('/home', () => import('./routes/home.tsx')),
          page('/profile', () => import('@/features/profile/routes/profile.tsx')),
          page('/contacts', () => import('@/features/contacts/routes/contacts.tsx')),
          page('/band-accounts', () => import('@/features/bank-accounts/routes/bank-accounts.tsx')),
          page('/payment-slip', () => import('@/features/payslips/routes/payment-slip.tsx')),
          page('/payment-slip/:id', () => import('@/features/payslips/routes/payment-slip-detail.tsx')),
          page('/withholding', () => import('@/features/payslips/routes/withholding.tsx')),
          page('/withholding/:id', () => import('@/features/payslips/routes/withholding-detail.tsx')),
          page('/vacations', () => import('@/features/vacations/routes/vacations.tsx')),
          page('/vacations/management', () => import('@/features/vacations/routes/paid-leave-admin.tsx')),
          page('/proxies', () => import('@/features/proxies/routes/proxy-list.tsx')),
          page('/proxies/add', () => import('@/features/proxies/routes/proxy-add.tsx')),
          page('/proxies/:id', () => import('@/features/proxies/routes/proxy-detail.tsx')),
          page('/assets', () => import('@/features/assets/routes/assets.tsx')),
          page('/manual', () => import('@/features/manual/routes/manual.tsx')),
          page('/notices', () => import('@/features/notices/routes/notice-list.tsx')),
          page('/notices/:id', () => import('@/features/notices/routes/notice-detail.tsx')),
          page('/manual/:id', () => import('@/features/manual/routes/manual-page.tsx')),
          page('/company/calendar', () => import('@/features/company/routes/company-calendar.tsx')),
          page(
            '/company/organization-chart',
            () => import('@/features/company/routes/organization-chart.tsx'),
            prefetchOrganizations,
          ),
          page('/workflow/workflows', () => import('@/features/workflow-admin/routes/workflow-list.tsx')),
          page(
            '/workflow/workflows/:id',
            () => import('@/features/workflow-admin/routes/workflow-detail.tsx'),
          ),
          page('/workflow/nodes', () => import('@/features/workflow-admin/routes/node-list.tsx')),
          page('/task/workflows', () => import('@/features/tasks/routes/procedure-list.tsx')),
          page('/task/workflows/:id/create', () => import('./routes/task-create.tsx')),
          page(
            '/task/tasks/unresolved',
            () => import('@/features/tasks/routes/task-list.tsx'),
            prefetchTaskList,
          ),
          page('/task/tasks/unresolved/:id', () => import('@/features/tasks/routes/task-detail.tsx')),
          page(
            '/task/tasks/approval',
            () => import('@/features/tasks/routes/task-list.tsx'),
            prefetchTaskList,
          ),
          page(
            '/task/tasks/approval/:taskId/nodes/:nodeId',
            () => import('@/features/tasks/routes/task-approval.tsx'),
          ),
          page(
            '/task/tasks/approval-finished',
            () => import('@/features/tasks/routes/task-list.tsx'),
            prefetchTaskList,
          ),
          page(
            '/task/tasks/approval-finished/:taskId',
            () => import('@/features/tasks/routes/task-detail.tsx'),
          ),
          page(
            '/task/tasks/finished',
            () => import('@/features/tasks/routes/task-list.tsx'),
            prefetchTaskList,
          ),
          page('/task/tasks/finished/:taskId', () => import('@/features/tasks/routes/task-detail.tsx')),
          page(
            '/task/tasks/observer',
            () => import('@/features/tasks/routes/task-list.tsx'),
            prefetchTaskList,
          ),
          page('/task/tasks/observer/:taskId', () => import('@/features/tasks/routes/task-detail.tsx')),
          page('/expense/uploads', () => import('@/features/expense/routes/upload-history.tsx')),
          page('/expense/upload/', () => import('@/features/expense/routes/upload.tsx')),
          page('/expense/upload/:id', () => import('@/features/expense/routes/upload-detail.tsx')),
          page('/expense/attendance', () => import('@/features/expense/routes/attendance-output.tsx')),
          page('/attendance/pdf', () => import('@/features/attendance/routes/attendance-pdf.tsx')),
          page(
            '/employee/attendance/:id',
            () => import('@/features/attendance/routes/employee-attendance.tsx'),
          ),
          page(
            '/attendance/tasks/details/:id',
            () => import('@/features/attendance/routes/attendance-report.tsx'),
          ),
          page(
            '/attendance/tasks/modify-details/:id',
            () => import('@/features/attendance/routes/attendance-correction.tsx'),
          ),
          page('/admin/*', () => import('@/features/admin/routes/admin-console.tsx')),
          { path: '*', handle: { title: PAGE_TITLES['*'] }, Component: NotFound },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;
