import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TContactRequest } from '@portal/shared/contracts/contacts';
import { records } from '@portal/shared/endpoints/records';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET account/contacts/ (?employee= for HR). */
export const useContacts = (employeeId: number | null) =>
  useQuery({
    queryKey: queryKeys.records.contacts(employeeId),
    queryFn: () =>
      api.call(records.listContacts, {}, undefined, { query: { employee: employeeId ?? undefined } }),
  });

/** POST account/contacts/ or PUT account/contacts/{id}/. */
export const useSaveContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TContactRequest }) =>
      id === null
        ? api.call(records.createContact, {}, body)
        : api.call(records.replaceContact, { id }, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
};

/** DELETE account/contacts/{id}/. */
export const useDeleteContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(records.deleteContact, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
};
