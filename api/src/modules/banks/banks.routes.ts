// GET /api/banks/choice/?query= and GET /api/banks/{bankCode}/branches/choice/?query= (spec §5, §7.7).
import { ZBankQuery } from '@portal/shared/contracts/banks';
import { banks } from '@portal/shared/endpoints/banks';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { searchBanks, searchBranches } from './search-banks.ts';

export const banksModule = moduleOf('banks', banks, (deps) => {
  const on = endpointRouter(deps);
  route(on, banks.choices, { query: ZBankQuery }, ({ ctx, query }) => searchBanks({ ctx, input: query }));
  route(on, banks.branchChoices, { query: ZBankQuery }, ({ ctx, params, query }) =>
    searchBranches({ ctx, input: { bankCode: params.bankCode, ...query } }),
  );
  return on.router;
});
