// GET /api/banks/choice/?query= and GET /api/banks/{bankCode}/branches/choice/?query= (spec §5, §7.7).
import { Router, type RequestHandler } from 'express';
import { ZBankQuery } from '@portal/shared/contracts/banks';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseQuery } from '../../middleware/validate.ts';
import { searchBanks, searchBranches } from './search-banks.ts';

export const banksModule: ApiModule = {
  name: 'banks',
  prefixes: ['/banks/'],
  router: banksRouter,
};

function banksRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/banks/choice')
    .get(requireAuth, async (req, res) => {
      res.json(await searchBanks({ ctx: contextOf(req), input: parseQuery(ZBankQuery, req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/banks/:bankCode/branches/choice')
    .get(requireAuth, async (req, res) => {
      const input = { bankCode: String(req.params.bankCode), ...parseQuery(ZBankQuery, req) };
      res.json(await searchBranches({ ctx: contextOf(req), input }));
    })
    .all(methodNotAllowed);

  return router;
}
