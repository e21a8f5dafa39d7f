// The console's calls (api/src/modules/admin/), each by its entry of the endpoint table. Lists answer
// the DRF page envelope, or the whole array where the API gives one (organisations, groups,
// permissions). The console's forms hand over the values of their declared fields; the API checks
// them against the entry's contract (400 under the same fields).
import { admin } from '@portal/shared/endpoints/admin';
import type { BodyOf, Endpoint, ParamsOf } from '@portal/shared/endpoints/endpoint';
import { api, callPath, request, type DownloadedFile } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';

type Values = Record<string, unknown>;
const query = (params: URLSearchParams) => Object.fromEntries(params);

/** Sends a form's values as the entry's body. */
const send = <E extends Endpoint>(entry: E, params: ParamsOf<E>, values: Values) =>
  api.call(entry, params, values as BodyOf<E>);

/** Downloads an entry's file and saves it under the server's name, else `fallback`. */
async function download(
  entry: typeof admin.peopleCsv | typeof admin.auditCsv | typeof admin.accessLogCsv,
  fallback: string,
  q = {},
) {
  const file = await request<DownloadedFile>('GET', callPath(entry, {}), { query: q, responseType: 'file' });
  saveFile(file.blob, file.filename ?? fallback);
}

export const adminApi = {
  organizations: () => api.call(admin.organizations, {}),
  organization: (id: number) => api.call(admin.organization, { id }, undefined, { notFoundPage: true }),
  createOrganization: (body: Values) => send(admin.createOrganization, {}, body),
  patchOrganization: (id: number, body: Values) => send(admin.patchOrganization, { id }, body),
  setHead: (id: number, body: Values) => send(admin.setOrganizationHead, { id }, body),
  closeOrganization: (id: number) => api.call(admin.closeOrganization, { id }),

  people: (params: URLSearchParams) => api.call(admin.people, {}, undefined, { query: query(params) }),
  person: (id: number) => api.call(admin.person, { id }, undefined, { notFoundPage: true }),
  createPerson: (body: Values) => send(admin.createPerson, {}, body),
  patchPerson: (id: number, body: Values) => send(admin.patchPerson, { id }, body),
  deactivate: (id: number, body: Values = {}) =>
    api.call(admin.deactivatePerson, { id }, { ...body, confirm: true }),
  reactivate: (id: number) => api.call(admin.reactivatePerson, { id }, { confirm: true }),
  resetPassword: (id: number, body: Values) => send(admin.resetPassword, { id }, body),
  addContract: (id: number, body: Values) => send(admin.addContract, { id }, body),
  addPosition: (id: number, body: Values) => send(admin.addPosition, { id }, body),

  patchContract: (id: number, body: Values) => send(admin.patchContract, { id }, body),
  removePosition: (id: number) => api.call(admin.removePosition, { id }),
  setResidence: (id: number, body: Values) => send(admin.setResidence, { id }, body),
  unbindLark: (id: number) => api.call(admin.unbindLark, { id }),
  importCheck: (body: { file_name: string; content: string }) => api.call(admin.checkImport, {}, body),
  importConfirm: (body: { file_name: string; content: string; token: string }) =>
    api.call(admin.confirmImport, {}, body),
  peopleCsv: () => download(admin.peopleCsv, '社員一覧.csv'),

  async personExport(id: number, fallback: string) {
    const file = await api.callFile(admin.personExport, { id });
    saveFile(file.blob, file.filename ?? fallback);
  },
  setHold: (id: number, body: Values) => send(admin.setPersonHold, { id }, body),
  releaseHold: (id: number) => api.call(admin.releasePersonHold, { id }),

  permissions: () => api.call(admin.permissions, {}),
  groups: () => api.call(admin.groups, {}),
  group: (id: number) => api.call(admin.group, { id }, undefined, { notFoundPage: true }),
  createGroup: (body: Values) => send(admin.createGroup, {}, body),
  replaceGroup: (id: number, body: Values) => send(admin.replaceGroup, { id }, body),
  deleteGroup: (id: number) => api.call(admin.deleteGroup, { id }),
  access: (userId: number) => api.call(admin.userAccess, { id: userId }, undefined, { notFoundPage: true }),
  setAccess: (userId: number, body: Values) => send(admin.setUserAccess, { id: userId }, body),

  masters: () => api.call(admin.masters, {}),
  patchCompany: (body: Values) => send(admin.patchCompany, {}, body),
  setLogo: (body: { logo: string }) => api.call(admin.setCompanyLogo, {}, body),
  removeLogo: () => api.call(admin.removeCompanyLogo, {}),
  importStations: (body: { station_file: string; line_file: string }) =>
    api.call(admin.importStations, {}, body),

  audit: (params: URLSearchParams) => api.call(admin.audit, {}, undefined, { query: query(params) }),
  auditCsv(params: URLSearchParams) {
    const filters = new URLSearchParams(params);
    filters.delete('page');
    return download(admin.auditCsv, '操作履歴.csv', query(filters));
  },
  accessLog: (params: URLSearchParams) => api.call(admin.accessLog, {}, undefined, { query: query(params) }),
  accessLogCsv(params: URLSearchParams) {
    const filters = new URLSearchParams(params);
    filters.delete('page');
    return download(admin.accessLogCsv, 'アクセス記録.csv', query(filters));
  },
};
