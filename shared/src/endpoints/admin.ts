// The administration console's endpoints (api/src/modules/admin/): staff only, each behind its
// resource's permission (of a list, any one), both checked before the input is parsed.
import type {
  TAdminCompanyRequest,
  TAdminConfirm,
  TAdminContract,
  TAdminContractPatch,
  TAdminDeactivate,
  TAdminDeactivation,
  TAdminGroup,
  TAdminGroupRequest,
  TAdminHold,
  TAdminHoldRequest,
  TAdminHeadChange,
  TAdminImportCheck,
  TAdminImportConfirm,
  TAdminMasters,
  TAdminOrganization,
  TAdminOrganizationCreate,
  TAdminOrganizationDetail,
  TAdminOrganizationHead,
  TAdminOrganizationPatch,
  TAdminPasswordReset,
  TAdminPermission,
  TAdminPerson,
  TAdminPersonCreate,
  TAdminPersonPatch,
  TAdminPersonRow,
  TAdminPosition,
  TAdminResidence,
  TAdminStationImport,
  TAdminStationImportRequest,
  TAdminUserAccess,
  TAdminUserAccessRequest,
  TAuditEntry,
} from '../contracts/admin.ts';
import type { TAccessLogPage } from '../contracts/access-log.ts';
import type { TImportPreview, TImportResult } from '../contracts/admin-import.ts';
import type { TPage } from '../contracts/pagination.ts';
import { PERM, type Permission } from '../permissions.ts';
import { endpoint, io, type FileAnswer } from './endpoint.ts';

/** Staff, holding `permission` (of a list, any one). */
const staff = (permission: Permission | readonly Permission[]) => ({ staff: true, permission }) as const;

/** Whoever may see the 会社・マスタ screen: any of the permissions of what it shows or links to. */
const MASTERS_VIEW = [
  PERM.changeCompanyInfo,
  PERM.changeStation,
  PERM.changeCompanyCalendar,
  PERM.viewWorkflow,
] as const;

/** A list's page and filters as the console's URL carries them (the API parses them). */
type ListQuery = Readonly<Record<string, string>>;

/** A CSV download (UTF-8 with a BOM); the web saves it as a file. */
type Csv = string;

export const admin = {
  organizations: endpoint(
    'get',
    '/api/admin/organizations/',
    io<{ answer: TAdminOrganization[] }>(),
    staff(PERM.viewOrganization),
  ),
  createOrganization: endpoint(
    'post',
    '/api/admin/organizations/',
    io<{ body: TAdminOrganizationCreate; answer: TAdminOrganization }>(),
    staff(PERM.addOrganization),
  ),
  organization: endpoint(
    'get',
    '/api/admin/organizations/:id/',
    io<{ answer: TAdminOrganizationDetail }>(),
    staff(PERM.viewOrganization),
  ),
  patchOrganization: endpoint(
    'patch',
    '/api/admin/organizations/:id/',
    io<{ body: TAdminOrganizationPatch; answer: TAdminOrganization }>(),
    staff(PERM.changeOrganization),
  ),
  closeOrganization: endpoint(
    'delete',
    '/api/admin/organizations/:id/',
    io<{ answer: void }>(),
    staff(PERM.deleteOrganization),
  ),
  setOrganizationHead: endpoint(
    'put',
    '/api/admin/organizations/:id/head/',
    io<{ body: TAdminOrganizationHead; answer: TAdminHeadChange }>(),
    staff(PERM.changeOrganization),
  ),

  people: endpoint(
    'get',
    '/api/admin/people/',
    io<{ query: ListQuery; answer: TPage<TAdminPersonRow> }>(),
    staff(PERM.viewEmployee),
  ),
  createPerson: endpoint(
    'post',
    '/api/admin/people/',
    io<{ body: TAdminPersonCreate; answer: TAdminPerson }>(),
    staff(PERM.addEmployee),
  ),
  checkImport: endpoint(
    'post',
    '/api/admin/people-import/check/',
    io<{ body: TAdminImportCheck; answer: TImportPreview }>(),
    staff(PERM.addEmployee),
  ),
  confirmImport: endpoint(
    'post',
    '/api/admin/people-import/confirm/',
    io<{ body: TAdminImportConfirm; answer: TImportResult }>(),
    staff(PERM.addEmployee),
  ),
  peopleCsv: endpoint(
    'get',
    '/api/admin/people-export/csv/',
    io<{ answer: Csv }>(),
    staff(PERM.viewEmployee),
  ),
  person: endpoint('get', '/api/admin/people/:id/', io<{ answer: TAdminPerson }>(), staff(PERM.viewEmployee)),
  patchPerson: endpoint(
    'patch',
    '/api/admin/people/:id/',
    io<{ body: TAdminPersonPatch; answer: TAdminPerson }>(),
    staff(PERM.changeEmployee),
  ),
  deactivatePerson: endpoint(
    'post',
    '/api/admin/people/:id/deactivate/',
    io<{ body: TAdminDeactivate; answer: TAdminDeactivation }>(),
    staff(PERM.changeUser),
  ),
  reactivatePerson: endpoint(
    'post',
    '/api/admin/people/:id/reactivate/',
    io<{ body: TAdminConfirm; answer: TAdminPerson }>(),
    staff(PERM.changeUser),
  ),
  resetPassword: endpoint(
    'post',
    '/api/admin/people/:id/password/',
    io<{ body: TAdminPasswordReset; answer: TAdminPerson }>(),
    staff(PERM.changeUser),
  ),
  addContract: endpoint(
    'post',
    '/api/admin/people/:id/contracts/',
    io<{ body: TAdminContract; answer: TAdminPerson }>(),
    staff(PERM.changeEmployee),
  ),
  addPosition: endpoint(
    'post',
    '/api/admin/people/:id/positions/',
    io<{ body: TAdminPosition; answer: TAdminPerson }>(),
    staff(PERM.changeEmployee),
  ),
  setResidence: endpoint(
    'put',
    '/api/admin/people/:id/residence/',
    io<{ body: TAdminResidence; answer: TAdminPerson }>(),
    staff(PERM.changeEmployee),
  ),
  unbindLark: endpoint(
    'delete',
    '/api/admin/people/:id/lark/',
    io<{ answer: TAdminPerson }>(),
    staff(PERM.changeUser),
  ),
  patchContract: endpoint(
    'patch',
    '/api/admin/contracts/:id/',
    io<{ body: TAdminContractPatch; answer: TAdminPerson }>(),
    staff(PERM.changeEmployee),
  ),
  removePosition: endpoint(
    'delete',
    '/api/admin/positions/:id/',
    io<{ answer: TAdminPerson }>(),
    staff(PERM.changeEmployee),
  ),

  permissions: endpoint(
    'get',
    '/api/admin/permissions/',
    io<{ answer: TAdminPermission[] }>(),
    staff(PERM.viewGroup),
  ),
  groups: endpoint('get', '/api/admin/groups/', io<{ answer: TAdminGroup[] }>(), staff(PERM.viewGroup)),
  createGroup: endpoint(
    'post',
    '/api/admin/groups/',
    io<{ body: TAdminGroupRequest; answer: TAdminGroup }>(),
    staff(PERM.changeGroup),
  ),
  group: endpoint('get', '/api/admin/groups/:id/', io<{ answer: TAdminGroup }>(), staff(PERM.viewGroup)),
  replaceGroup: endpoint(
    'put',
    '/api/admin/groups/:id/',
    io<{ body: TAdminGroupRequest; answer: TAdminGroup }>(),
    staff(PERM.changeGroup),
  ),
  deleteGroup: endpoint('delete', '/api/admin/groups/:id/', io<{ answer: void }>(), staff(PERM.changeGroup)),
  userAccess: endpoint(
    'get',
    '/api/admin/users/:id/access/',
    io<{ answer: TAdminUserAccess }>(),
    staff(PERM.viewGroup),
  ),
  setUserAccess: endpoint(
    'put',
    '/api/admin/users/:id/access/',
    io<{ body: TAdminUserAccessRequest; answer: TAdminUserAccess }>(),
    staff(PERM.changeGroup),
  ),

  masters: endpoint('get', '/api/admin/masters/', io<{ answer: TAdminMasters }>(), staff(MASTERS_VIEW)),
  patchCompany: endpoint(
    'patch',
    '/api/admin/company/',
    io<{ body: TAdminCompanyRequest; answer: TAdminMasters }>(),
    staff(PERM.changeCompanyInfo),
  ),
  setCompanyLogo: endpoint(
    'put',
    '/api/admin/company/logo/',
    io<{ body: { logo: string }; answer: TAdminMasters }>(),
    staff(PERM.changeCompanyInfo),
  ),
  removeCompanyLogo: endpoint(
    'delete',
    '/api/admin/company/logo/',
    io<{ answer: TAdminMasters }>(),
    staff(PERM.changeCompanyInfo),
  ),
  importStations: endpoint(
    'post',
    '/api/admin/stations/import/',
    io<{ body: TAdminStationImportRequest; answer: TAdminStationImport }>(),
    staff(PERM.changeStation),
  ),

  audit: endpoint(
    'get',
    '/api/admin/audit/',
    io<{ query: ListQuery; answer: TPage<TAuditEntry> }>(),
    staff(PERM.viewLogEntry),
  ),
  auditCsv: endpoint(
    'get',
    '/api/admin/audit/csv/',
    io<{ query: ListQuery; answer: Csv }>(),
    staff(PERM.viewLogEntry),
  ),

  // アクセス記録 and one person's data (issue 34).
  accessLog: endpoint(
    'get',
    '/api/admin/access-log/',
    io<{ query: ListQuery; answer: TAccessLogPage }>(),
    staff(PERM.viewLogEntry),
  ),
  accessLogCsv: endpoint(
    'get',
    '/api/admin/access-log/csv/',
    io<{ query: ListQuery; answer: Csv }>(),
    staff(PERM.viewLogEntry),
  ),
  personExport: endpoint(
    'get',
    '/api/admin/people/:id/export/',
    io<{ answer: FileAnswer }>(),
    staff(PERM.viewEmployee),
  ),
  personHold: endpoint(
    'get',
    '/api/admin/people/:id/hold/',
    io<{ answer: TAdminHold }>(),
    staff(PERM.viewEmployee),
  ),
  setPersonHold: endpoint(
    'put',
    '/api/admin/people/:id/hold/',
    io<{ body: TAdminHoldRequest; answer: TAdminHold }>(),
    staff(PERM.changeEmployee),
  ),
  releasePersonHold: endpoint(
    'delete',
    '/api/admin/people/:id/hold/',
    io<{ answer: TAdminHold }>(),
    staff(PERM.changeEmployee),
  ),
} as const;
