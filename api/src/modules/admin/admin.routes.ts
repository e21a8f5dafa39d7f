// The administration console's API (issue 14), under /api/admin/. The endpoint table declares each
// route's staff flag and permission (shared/src/endpoints/admin.ts), which route() checks before
// it parses the body; the actions check what depends on the record. The routes only speak HTTP.
import type { Request, Response } from 'express';
import {
  ZAdminCompany,
  ZAdminCompanyLogo,
  ZAdminConfirm,
  ZAdminContract,
  ZAdminContractPatch,
  ZAdminDeactivate,
  ZAdminGroup,
  ZAdminHold,
  ZAdminImportCheck,
  ZAdminImportConfirm,
  ZAdminOrganizationCreate,
  ZAdminOrganizationHead,
  ZAdminOrganizationPatch,
  ZAdminPasswordReset,
  ZAdminPersonCreate,
  ZAdminPersonPatch,
  ZAdminPosition,
  ZAdminResidence,
  ZAdminStationImport,
  ZAdminUserAccess,
} from '@portal/shared/contracts/admin';
import { ZAccessLogQuery, ZAdminPeopleQuery, ZAuditQuery } from '@portal/shared/contracts/admin-queries';
import { admin } from '@portal/shared/endpoints/admin';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route, type SENT } from '../../http/route.ts';
import { sendFile } from '../../files/download.ts';
import { pageEnvelope } from '../../pagination.ts';
import { accessLogCsv, listAccessLog } from '../access-log/list-access-log.ts';
import { exportPersonData } from '../personal-data/export-person-data.ts';
import { auditCsv, listAudit } from './audit.ts';
import { getMasters, importStations, patchCompany, setCompanyLogo } from './masters.ts';
import * as orgs from './organizations.ts';
import { addContract } from './people/add-contract.ts';
import { addPosition } from './people/add-position.ts';
import { createPerson } from './people/create-person.ts';
import { deactivatePerson } from './people/deactivate-person.ts';
import { getPerson } from './people/get-person.ts';
import { getHold, releaseHold, setHold } from './people/legal-hold.ts';
import { listPeople } from './people/list-people.ts';
import { patchContract } from './people/patch-contract.ts';
import { patchPerson } from './people/patch-person.ts';
import { reactivatePerson } from './people/reactivate-person.ts';
import { removePosition } from './people/remove-position.ts';
import { resetPassword } from './people/reset-password.ts';
import { setResidence } from './people/set-residence.ts';
import { unbindLark } from './people/unbind-lark.ts';
import * as peopleImport from './people-import.ts';
import * as perms from './permissions.ts';

/** Sends a CSV download through the one file writer. */
function sendCsv(res: Response, csv: string, filename: string): typeof SENT {
  return sendFile(res, { body: csv, type: 'text/csv', filename });
}

/** The list's filters as its page links carry them. */
const filtersOf = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));

function pageOf<T>(
  req: Request,
  query: { page: number },
  filters: object,
  page: { count: number; results: T[] },
) {
  return pageEnvelope(req, { number: query.page, filters: filtersOf(filters as never), ...page });
}

export const adminModule = moduleOf('admin', admin, (deps) => {
  const on = endpointRouter(deps);

  route(on, admin.organizations, {}, ({ ctx }) => orgs.listOrganizations({ ctx }));
  route(on, admin.createOrganization, { body: ZAdminOrganizationCreate, status: 201 }, ({ ctx, body }) =>
    orgs.createOrganization({ ctx, input: body }),
  );
  route(on, admin.organization, {}, ({ ctx, params }) => orgs.getOrganization({ ctx, input: params }));
  route(on, admin.patchOrganization, { body: ZAdminOrganizationPatch }, ({ ctx, params, body }) =>
    orgs.patchOrganization({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.closeOrganization, { status: 204 }, ({ ctx, params }) =>
    orgs.closeOrganization({ ctx, input: params }),
  );
  route(on, admin.setOrganizationHead, { body: ZAdminOrganizationHead }, ({ ctx, params, body }) =>
    orgs.setOrganizationHead({ ctx, input: { id: params.id, body } }),
  );

  route(on, admin.people, { query: ZAdminPeopleQuery }, async ({ ctx, query, req }) => {
    const { query: text, organization, sort, active } = query;
    return pageOf(
      req,
      query,
      { query: text, organization, sort, active },
      await listPeople({ ctx, input: query }),
    );
  });
  route(on, admin.createPerson, { body: ZAdminPersonCreate, status: 201 }, ({ ctx, body }) =>
    createPerson({ ctx, input: body }),
  );
  route(on, admin.checkImport, { body: ZAdminImportCheck }, ({ ctx, body }) =>
    peopleImport.checkImport({ ctx, input: body }),
  );
  route(on, admin.confirmImport, { body: ZAdminImportConfirm, status: 201 }, ({ ctx, body }) =>
    peopleImport.confirmImport({ ctx, input: body }),
  );
  route(on, admin.peopleCsv, {}, ({ ctx, res }) => peopleImport.exportPeopleCsv({ ctx, res }));
  route(on, admin.person, {}, ({ ctx, params }) => getPerson({ ctx, input: params }));
  route(on, admin.patchPerson, { body: ZAdminPersonPatch }, ({ ctx, params, body }) =>
    patchPerson({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.deactivatePerson, { body: ZAdminDeactivate }, ({ ctx, params, body }) =>
    deactivatePerson({ ctx, input: { ...params, body } }),
  );
  route(on, admin.reactivatePerson, { body: ZAdminConfirm }, ({ ctx, params }) =>
    reactivatePerson({ ctx, input: params }),
  );
  route(on, admin.resetPassword, { body: ZAdminPasswordReset }, ({ ctx, params, body }) =>
    resetPassword({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.addContract, { body: ZAdminContract, status: 201 }, ({ ctx, params, body }) =>
    addContract({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.addPosition, { body: ZAdminPosition, status: 201 }, ({ ctx, params, body }) =>
    addPosition({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.setResidence, { body: ZAdminResidence }, ({ ctx, params, body }) =>
    setResidence({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.unbindLark, {}, ({ ctx, params }) => unbindLark({ ctx, input: params }));
  route(on, admin.patchContract, { body: ZAdminContractPatch }, ({ ctx, params, body }) =>
    patchContract({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.removePosition, {}, ({ ctx, params }) => removePosition({ ctx, input: params }));

  route(on, admin.permissions, {}, () => perms.listPermissions());
  route(on, admin.groups, {}, ({ ctx }) => perms.listGroups({ ctx }));
  route(on, admin.createGroup, { body: ZAdminGroup, status: 201 }, ({ ctx, body }) =>
    perms.createGroup({ ctx, input: body }),
  );
  route(on, admin.group, {}, ({ ctx, params }) => perms.getGroup({ ctx, input: params }));
  route(on, admin.replaceGroup, { body: ZAdminGroup }, ({ ctx, params, body }) =>
    perms.replaceGroup({ ctx, input: { id: params.id, body } }),
  );
  route(on, admin.deleteGroup, { status: 204 }, ({ ctx, params }) =>
    perms.deleteGroup({ ctx, input: params }),
  );
  route(on, admin.userAccess, {}, ({ ctx, params }) => perms.getUserAccess({ ctx, input: params }));
  route(on, admin.setUserAccess, { body: ZAdminUserAccess }, ({ ctx, params, body }) =>
    perms.setUserAccess({ ctx, input: { id: params.id, body } }),
  );

  route(on, admin.masters, {}, ({ ctx }) => getMasters({ ctx }));
  route(on, admin.patchCompany, { body: ZAdminCompany }, ({ ctx, body }) =>
    patchCompany({ ctx, input: { body } }),
  );
  route(on, admin.setCompanyLogo, { body: ZAdminCompanyLogo }, ({ ctx, body }) =>
    setCompanyLogo({ ctx, input: { logo: body.logo } }),
  );
  route(on, admin.removeCompanyLogo, {}, ({ ctx }) => setCompanyLogo({ ctx, input: { logo: null } }));
  route(on, admin.importStations, { body: ZAdminStationImport }, ({ ctx, body }) =>
    importStations({ ctx, input: { body } }),
  );

  route(on, admin.audit, { query: ZAuditQuery }, async ({ ctx, query, req }) => {
    const { resource, object_id, actor, date_from, date_to } = query;
    return pageOf(
      req,
      query,
      { resource, object_id, actor, date_from, date_to },
      await listAudit({ ctx, input: query }),
    );
  });
  route(on, admin.auditCsv, { query: ZAuditQuery }, async ({ ctx, query, res }) =>
    sendCsv(res, await auditCsv({ ctx, input: query }), '操作履歴.csv'),
  );

  route(on, admin.accessLog, { query: ZAccessLogQuery }, async ({ ctx, query, req }) => {
    const { actor, subject, kind, date_from, date_to } = query;
    const { summary, ...page } = await listAccessLog({ ctx, input: query });
    return { ...pageOf(req, query, { actor, subject, kind, date_from, date_to }, page), summary };
  });
  route(on, admin.accessLogCsv, { query: ZAccessLogQuery }, async ({ ctx, query, res }) =>
    sendCsv(res, await accessLogCsv({ ctx, input: query }), 'アクセス記録.csv'),
  );
  route(on, admin.personHold, {}, ({ ctx, params }) => getHold({ ctx, input: params }));
  route(on, admin.setPersonHold, { body: ZAdminHold }, ({ ctx, params, body }) =>
    setHold({ ctx, input: { ...params, body } }),
  );
  route(on, admin.releasePersonHold, {}, ({ ctx, params }) => releaseHold({ ctx, input: params }));
  route(on, admin.personExport, {}, async ({ ctx, params, res }) => {
    const zip = await exportPersonData({ ctx, input: params });
    return sendFile(res, { body: zip.body, type: 'application/zip', filename: zip.filename, private: true });
  });

  return on.router;
});
