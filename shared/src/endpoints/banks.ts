// The banks module's endpoints (api/src/modules/banks/): bank and branch choices (spec §7.7).
import type { TBankChoice, TBankQuery } from '../contracts/banks.ts';
import { endpoint, io } from './endpoint.ts';

export const banks = {
  choices: endpoint('get', '/api/banks/choice/', io<{ query: TBankQuery; answer: TBankChoice[] }>()),
  branchChoices: endpoint(
    'get',
    '/api/banks/:bankCode/branches/choice/',
    io<{ query: TBankQuery; answer: TBankChoice[] }>(),
  ),
} as const;
