// GET /api/banks/choice/?query= and GET /api/banks/{bankCode}/branches/choice/?query= (spec §5, §7.7).
import { ZBankChoices, ZBankQuery } from '@portal/shared/contracts/banks';
import { banks } from '@portal/shared/endpoints/banks';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { searchBanks, searchBranches } from './search-banks.ts';

export const banksModule = moduleOf('banks', banks, (deps) => {
  const on = endpointRouter(deps);
  route(on, banks.choices, { query: ZBankQuery, answer: ZBankChoices }, ({ ctx, query }) =>
    searchBanks({ ctx, input: query }),
  );
  route(on, banks.branchChoices, { query: ZBankQuery, answer: ZBankChoices }, ({ ctx, params, query }) =>
    searchBranches({ ctx, input: { bankCode: params.bankCode, ...query } }),
  );
  return on.router;
});
