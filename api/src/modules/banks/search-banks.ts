// Bank and branch search over the zengin-code data (bank-data.ts). A query of digits needs 4 digits
// for banks and 3 for branches (fewer → 400); a branch search needs a known bank (else 404).
import {
  BANK_CODE_MIN_DIGITS,
  BANK_SEARCH_MSG,
  BRANCH_CODE_MIN_DIGITS,
  type TBankChoice,
  type TBankQuery,
} from '@portal/shared/contracts/banks';
import type { RequestContext } from '../../context.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { bankMaster, findBank, searchEntries } from './bank-data.ts';

function checkDigits(query: string, min: number, message: string): void {
  const q = query.normalize('NFKC');
  if (/^\d/.test(q) && q.length < min) throw ValidationError.field('query', message);
}

export async function searchBanks({
  input,
}: {
  ctx: RequestContext;
  input: TBankQuery;
}): Promise<TBankChoice[]> {
  const query = input.query ?? '';
  checkDigits(query, BANK_CODE_MIN_DIGITS, BANK_SEARCH_MSG.bankDigits);
  return searchEntries((await bankMaster()).values(), query, 'bank');
}

export async function searchBranches({
  input,
}: {
  ctx: RequestContext;
  input: TBankQuery & { bankCode: string };
}): Promise<TBankChoice[]> {
  const bank = /^\d{4}$/.test(input.bankCode) ? await findBank(input.bankCode) : undefined;
  if (!bank) throw new NotFound(BANK_SEARCH_MSG.bankNotFound);
  const query = input.query ?? '';
  checkDigits(query, BRANCH_CODE_MIN_DIGITS, BANK_SEARCH_MSG.branchDigits);
  return searchEntries(bank.branches.values(), query, 'branch');
}
