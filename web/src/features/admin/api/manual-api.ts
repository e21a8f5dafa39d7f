// The console's manual pages (resource `manual`), by the entries of shared/src/endpoints/manual.ts.
import type { TAdminManualPageRequest } from '@portal/shared/contracts/manual';
import { manual } from '@portal/shared/endpoints/manual';
import { api } from '@/lib/api-client.ts';

type Values = Record<string, unknown>;

export const manualApi = {
  pages: (params: URLSearchParams) =>
    api.call(manual.adminPages, {}, undefined, { query: Object.fromEntries(params) }),
  page: (id: number) => api.call(manual.adminPage, { id }, undefined, { notFoundPage: true }),
  create: (body: Values) => api.call(manual.adminCreatePage, {}, body as TAdminManualPageRequest),
  replace: (id: number, body: Values) =>
    api.call(manual.adminPatchPage, { id }, body as TAdminManualPageRequest),
  remove: (id: number) => api.call(manual.adminDeletePage, { id }),
};
