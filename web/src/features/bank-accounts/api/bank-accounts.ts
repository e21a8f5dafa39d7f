import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBankAccountRequest } from '@portal/shared/contracts/bank-accounts';
import { isSendableBankQuery } from '@portal/shared/contracts/banks';
import { banks } from '@portal/shared/endpoints/banks';
import { records } from '@portal/shared/endpoints/records';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET bank-accounts/ (?employee= for HR). */
export const useBankAccounts = (employeeId: number | null) =>
  useQuery({
    queryKey: queryKeys.records.bankAccounts(employeeId),
    queryFn: () =>
      api.call(records.listBankAccounts, {}, undefined, { query: { employee: employeeId ?? undefined } }),
  });

/** POST bank-accounts/ or PUT bank-accounts/{id}/. */
export const useSaveBankAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TBankAccountRequest }) =>
      id === null
        ? api.call(records.createBankAccount, {}, body)
        : api.call(records.replaceBankAccount, { id }, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
};

/** DELETE bank-accounts/{id}/. */
export const useDeleteBankAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(records.deleteBankAccount, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
};

/** GET banks/choice/?query= — sent only once the query may be (digits: 4 or more). */
export const useBankChoices = (query: string) =>
  useQuery({
    queryKey: queryKeys.records.banks(query),
    queryFn: () => api.call(banks.choices, {}, undefined, { query: { query } }),
    enabled: isSendableBankQuery(query, 'bank'),
    staleTime: 5 * 60_000,
  });

/** GET banks/{code}/branches/choice/?query= — needs the bank first; digits: 3 or more. */
export const useBranchChoices = (bankCode: string | null, query: string) =>
  useQuery({
    queryKey: queryKeys.records.branches(bankCode ?? '', query),
    queryFn: () =>
      api.call(banks.branchChoices, { bankCode: bankCode ?? '' }, undefined, { query: { query } }),
    enabled: bankCode !== null && isSendableBankQuery(query, 'branch'),
    staleTime: 5 * 60_000,
  });
