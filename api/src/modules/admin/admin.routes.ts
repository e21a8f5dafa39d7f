// The administration console's API (issue 14), under /api/admin/. Every action checks is_staff and
// its resource's permission first (console-access.ts); the routes only speak HTTP.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ZAdminPeopleQuery, ZAuditQuery } from '@portal/shared/contracts/admin-queries';
import type { ApiModule } from '../../api-module.ts';
import type { RequestContext } from '../../context.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseId, parseQuery } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import { auditCsv, listAudit } from './audit.ts';
import * as masters from './masters.ts';
import * as orgs from './organizations.ts';
import * as people from './people.ts';
import * as peopleImport from './people-import.ts';
import * as perms from './permissions.ts';
import { setResidence } from './residence.ts';
import { sendFile } from '../../files/download.ts';

export const adminModule: ApiModule = {
  name: 'admin',
  prefixes: ['/admin/'],
  router: adminRouter,
};

type Handler = (req: Request, res: Response) => Promise<void>;
type WithId<T> = (args: { ctx: RequestContext; input: { id: number; body: unknown } }) => Promise<T>;

/** GET/PUT/PATCH/POST on `…/:id/…`: the id and the raw body; the action parses it after its check. */
const withId =
  <T>(action: WithId<T>, status = 200): Handler =>
  async (req, res) => {
    const id = parseId(req.params.id);
    res.status(status).json(await action({ ctx: contextOf(req), input: { id, body: req.body } }));
  };

function adminRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/admin/organizations')
    .get(requireAuth, async (req, res) => {
      res.json(await orgs.listOrganizations({ ctx: contextOf(req) }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await orgs.createOrganization({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/organizations/:id')
    .get(requireAuth, withId(orgs.getOrganization))
    .patch(requireAuth, withId(orgs.patchOrganization))
    .delete(requireAuth, async (req, res) => {
      await orgs.closeOrganization({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);
  router
    .route('/admin/organizations/:id/head')
    .put(requireAuth, withId(orgs.setOrganizationHead))
    .all(methodNotAllowed);

  router
    .route('/admin/people')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZAdminPeopleQuery, req);
      const page = await people.listPeople({ ctx: contextOf(req), input });
      const filters = {
        query: input.query,
        organization: input.organization === undefined ? undefined : String(input.organization),
        sort: input.sort,
        active: input.active,
      };
      res.json(pageEnvelope(req, { number: input.page, filters, ...page }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await people.createPerson({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/people-import/check')
    .post(requireAuth, async (req, res) => {
      res.json(await peopleImport.checkImport({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/people-import/confirm')
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await peopleImport.confirmImport({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/people-export/csv')
    .get(requireAuth, async (req, res) => {
      const csv = await peopleImport.exportPeopleCsv({ ctx: contextOf(req) });
      sendFile(res, { body: csv, type: 'text/csv', filename: '社員一覧.csv' });
    })
    .all(methodNotAllowed);
  router
    .route('/admin/people/:id')
    .get(requireAuth, withId(people.getPerson))
    .patch(requireAuth, withId(people.patchPerson))
    .all(methodNotAllowed);
  router
    .route('/admin/people/:id/deactivate')
    .post(requireAuth, withId(people.deactivatePerson))
    .all(methodNotAllowed);
  router
    .route('/admin/people/:id/reactivate')
    .post(requireAuth, withId(people.reactivatePerson))
    .all(methodNotAllowed);
  router
    .route('/admin/people/:id/password')
    .post(requireAuth, withId(people.resetPassword))
    .all(methodNotAllowed);
  router
    .route('/admin/people/:id/contracts')
    .post(requireAuth, withId(people.addContract, 201))
    .all(methodNotAllowed);
  router
    .route('/admin/people/:id/positions')
    .post(requireAuth, withId(people.addPosition, 201))
    .all(methodNotAllowed);

  router.route('/admin/people/:id/residence').put(requireAuth, withId(setResidence)).all(methodNotAllowed);

  router
    .route('/admin/people/:id/lark')
    .delete(requireAuth, async (req, res) => {
      res.json(await people.unbindLark({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);
  router.route('/admin/contracts/:id').patch(requireAuth, withId(people.patchContract)).all(methodNotAllowed);
  router
    .route('/admin/positions/:id')
    .delete(requireAuth, async (req, res) => {
      res.json(await people.removePosition({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/admin/permissions')
    .get(requireAuth, async (req, res) => {
      res.json(await perms.listPermissions({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/groups')
    .get(requireAuth, async (req, res) => {
      res.json(await perms.listGroups({ ctx: contextOf(req) }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await perms.createGroup({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/groups/:id')
    .get(requireAuth, withId(perms.getGroup))
    .put(requireAuth, withId(perms.replaceGroup))
    .delete(requireAuth, async (req, res) => {
      await perms.deleteGroup({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);
  router
    .route('/admin/users/:id/access')
    .get(requireAuth, withId(perms.getUserAccess))
    .put(requireAuth, withId(perms.setUserAccess))
    .all(methodNotAllowed);

  router
    .route('/admin/masters')
    .get(requireAuth, async (req, res) => {
      res.json(await masters.getMasters({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/company')
    .patch(requireAuth, async (req, res) => {
      res.json(await masters.patchCompany({ ctx: contextOf(req), input: { body: req.body } }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/company/logo')
    .put(requireAuth, async (req, res) => {
      res.json(await masters.setCompanyLogo({ ctx: contextOf(req), input: { body: req.body } }));
    })
    .delete(requireAuth, async (req, res) => {
      res.json(await masters.setCompanyLogo({ ctx: contextOf(req), input: { remove: true } }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/stations/import')
    .post(requireAuth, async (req, res) => {
      res.json(await masters.importStations({ ctx: contextOf(req), input: { body: req.body } }));
    })
    .all(methodNotAllowed);

  router
    .route('/admin/audit')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZAuditQuery, req);
      const page = await listAudit({ ctx: contextOf(req), input });
      const filters = {
        resource: input.resource,
        object_id: input.object_id === undefined ? undefined : String(input.object_id),
        actor: input.actor,
        date_from: input.date_from,
        date_to: input.date_to,
      };
      res.json(pageEnvelope(req, { number: input.page, filters, ...page }));
    })
    .all(methodNotAllowed);
  router
    .route('/admin/audit/csv')
    .get(requireAuth, async (req, res) => {
      const csv = await auditCsv({ ctx: contextOf(req), input: parseQuery(ZAuditQuery, req) });
      sendFile(res, { body: csv, type: 'text/csv', filename: '操作履歴.csv' });
    })
    .all(methodNotAllowed);

  return router;
}
