// The console's calls (api/src/modules/admin/). Lists answer the DRF page envelope, or the whole
// array where the API gives one (organisations, groups, permissions).
import type {
  TAdminDeactivation,
  TAdminGroup,
  TAdminHeadChange,
  TAdminMasters,
  TAdminOrganization,
  TAdminOrganizationDetail,
  TAdminPermission,
  TAdminPerson,
  TAdminPersonRow,
  TAdminStationImport,
  TAdminUserAccess,
  TAuditEntry,
} from '@portal/shared/contracts/admin';
import type { TImportPreview, TImportResult } from '@portal/shared/contracts/admin-import';
import type { TPage } from '@portal/shared/contracts/pagination';
import { api } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';

type Body = Record<string, unknown>;
const query = (params: URLSearchParams) => Object.fromEntries(params);

export const adminApi = {
  organizations: () => api.get<TAdminOrganization[]>('/admin/organizations/'),
  organization: (id: number) =>
    api.get<TAdminOrganizationDetail>(`/admin/organizations/${id}/`, { notFoundPage: true }),
  createOrganization: (body: Body) => api.post<TAdminOrganization>('/admin/organizations/', body),
  patchOrganization: (id: number, body: Body) =>
    api.patch<TAdminOrganization>(`/admin/organizations/${id}/`, body),
  setHead: (id: number, body: Body) => api.put<TAdminHeadChange>(`/admin/organizations/${id}/head/`, body),
  closeOrganization: (id: number) => api.delete<void>(`/admin/organizations/${id}/`),

  people: (params: URLSearchParams) =>
    api.get<TPage<TAdminPersonRow>>('/admin/people/', { query: query(params) }),
  person: (id: number) => api.get<TAdminPerson>(`/admin/people/${id}/`, { notFoundPage: true }),
  createPerson: (body: Body) => api.post<TAdminPerson>('/admin/people/', body),
  patchPerson: (id: number, body: Body) => api.patch<TAdminPerson>(`/admin/people/${id}/`, body),
  deactivate: (id: number) =>
    api.post<TAdminDeactivation>(`/admin/people/${id}/deactivate/`, { confirm: true }),
  reactivate: (id: number) => api.post<TAdminPerson>(`/admin/people/${id}/reactivate/`, { confirm: true }),
  resetPassword: (id: number, body: Body) => api.post<TAdminPerson>(`/admin/people/${id}/password/`, body),
  addContract: (id: number, body: Body) => api.post<TAdminPerson>(`/admin/people/${id}/contracts/`, body),
  addPosition: (id: number, body: Body) => api.post<TAdminPerson>(`/admin/people/${id}/positions/`, body),

  patchContract: (id: number, body: Body) => api.patch<TAdminPerson>(`/admin/contracts/${id}/`, body),
  removePosition: (id: number) => api.delete<TAdminPerson>(`/admin/positions/${id}/`),
  setResidence: (id: number, body: Body) => api.put<TAdminPerson>(`/admin/people/${id}/residence/`, body),
  unbindLark: (id: number) => api.delete<TAdminPerson>(`/admin/people/${id}/lark/`),
  importCheck: (body: { file_name: string; content: string }) =>
    api.post<TImportPreview>('/admin/people-import/check/', body),
  importConfirm: (body: { file_name: string; content: string; token: string }) =>
    api.post<TImportResult>('/admin/people-import/confirm/', body),
  async peopleCsv() {
    const file = await api.download('/admin/people-export/csv/');
    saveFile(file.blob, file.filename ?? '社員一覧.csv');
  },

  permissions: () => api.get<TAdminPermission[]>('/admin/permissions/'),
  groups: () => api.get<TAdminGroup[]>('/admin/groups/'),
  group: (id: number) => api.get<TAdminGroup>(`/admin/groups/${id}/`, { notFoundPage: true }),
  createGroup: (body: Body) => api.post<TAdminGroup>('/admin/groups/', body),
  replaceGroup: (id: number, body: Body) => api.put<TAdminGroup>(`/admin/groups/${id}/`, body),
  deleteGroup: (id: number) => api.delete<void>(`/admin/groups/${id}/`),
  access: (userId: number) =>
    api.get<TAdminUserAccess>(`/admin/users/${userId}/access/`, { notFoundPage: true }),
  setAccess: (userId: number, body: Body) =>
    api.put<TAdminUserAccess>(`/admin/users/${userId}/access/`, body),

  masters: () => api.get<TAdminMasters>('/admin/masters/'),
  patchCompany: (body: Body) => api.patch<TAdminMasters>('/admin/company/', body),
  setLogo: (body: Body) => api.put<TAdminMasters>('/admin/company/logo/', body),
  removeLogo: () => api.delete<TAdminMasters>('/admin/company/logo/'),
  importStations: (body: Body) => api.post<TAdminStationImport>('/admin/stations/import/', body),

  audit: (params: URLSearchParams) => api.get<TPage<TAuditEntry>>('/admin/audit/', { query: query(params) }),
  async auditCsv(params: URLSearchParams) {
    const filters = new URLSearchParams(params);
    filters.delete('page');
    const file = await api.download('/admin/audit/csv/', { query: query(filters) });
    saveFile(file.blob, file.filename ?? '操作履歴.csv');
  },
};
