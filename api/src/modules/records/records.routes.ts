// The employee's own records (issue 13): bank-accounts/ and bank-accounts/{id}/, account/contacts/
// and account/contacts/{id}/. The caller's own by default; HR reads another's with ?employee=.
import { Router, type RequestHandler } from 'express';
import { ZEmployeeRecordQuery } from '@portal/shared/contracts/bank-accounts';
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
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  replaceContact,
} from './contacts.service.ts';

export const recordsModule: ApiModule = {
  name: 'records',
  prefixes: ['/bank-accounts', '/account/contacts'],
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

  return router;
}
