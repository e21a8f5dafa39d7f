// The employee's own records (issue 13): employees/{id}/ (the profile) and its residence status,
// account/avatar/, bank-accounts/, account/contacts/, and the postal-code lookup. The caller's own
// by default; HR reads another's (?employee= on the lists, the id in the path).
import { Router, type RequestHandler } from 'express';
import { ZEmployeeRecordQuery } from '@portal/shared/contracts/bank-accounts';
import { ZStationQuery } from '@portal/shared/contracts/commuting';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseId, parseQuery } from '../../middleware/validate.ts';
import {
  createBankAccount,
  deleteBankAccount,
  getBankAccount,
  listBankAccounts,
  replaceBankAccount,
} from './bank-accounts.service.ts';
import { deleteAvatar, getAvatar, putAvatar } from './avatar.service.ts';
import { previousCommuting } from './commuting.service.ts';
import { lookupPostalCode } from './postal-codes.ts';
import { searchStations } from './stations.ts';
import { getProfile, getResidenceStatus, updateProfile } from './profile.service.ts';
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  replaceContact,
} from './contacts.service.ts';

export const recordsModule: ApiModule = {
  name: 'records',
  prefixes: [
    '/bank-accounts',
    '/account/contacts',
    '/account/avatar',
    '/employees/',
    '/postal-codes/',
    '/prev-commuting',
    '/stations',
  ],
  router: recordsRouter,
};

function recordsRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/bank-accounts')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZEmployeeRecordQuery, req);
      res.json(await listBankAccounts({ ctx: contextOf(req), input }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await createBankAccount({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);

  router
    .route('/bank-accounts/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await getBankAccount({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .put(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await replaceBankAccount({ ctx: contextOf(req), input: { id, body: req.body } }));
    })
    .delete(requireAuth, async (req, res) => {
      await deleteBankAccount({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);

  router
    .route('/account/contacts')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZEmployeeRecordQuery, req);
      res.json(await listContacts({ ctx: contextOf(req), input }));
    })
    .post(requireAuth, async (req, res) => {
      res.status(201).json(await createContact({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/contacts/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await getContact({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .put(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await replaceContact({ ctx: contextOf(req), input: { id, body: req.body } }));
    })
    .delete(requireAuth, async (req, res) => {
      await deleteContact({ ctx: contextOf(req), input: { id: parseId(req.params.id) } });
      res.status(204).end();
    })
    .all(methodNotAllowed);

  router
    .route('/employees/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await getProfile({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .patch(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await updateProfile({ ctx: contextOf(req), input: { id, body: req.body } }));
    })
    .all(methodNotAllowed);

  router
    .route('/employees/:id/residence-status')
    .get(requireAuth, async (req, res) => {
      res.json(await getResidenceStatus({ ctx: contextOf(req), input: { id: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/avatar')
    .get(requireAuth, async (req, res) => {
      res.json(await getAvatar({ ctx: contextOf(req) }));
    })
    .put(requireAuth, async (req, res) => {
      res.json(await putAvatar({ ctx: contextOf(req), input: req.body }));
    })
    .delete(requireAuth, async (req, res) => {
      await deleteAvatar({ ctx: contextOf(req) });
      res.status(204).end();
    })
    .all(methodNotAllowed);

  router
    .route('/postal-codes/:code')
    .get(requireAuth, async (req, res) => {
      res.json(await lookupPostalCode({ ctx: contextOf(req), input: { code: String(req.params.code) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/prev-commuting')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZEmployeeRecordQuery, req);
      res.json(await previousCommuting({ ctx: contextOf(req), input }));
    })
    .all(methodNotAllowed);

  router
    .route('/stations')
    .get(requireAuth, async (req, res) => {
      res.json(await searchStations({ ctx: contextOf(req), input: parseQuery(ZStationQuery, req) }));
    })
    .all(methodNotAllowed);

  return router;
}
