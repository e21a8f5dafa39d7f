import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proxies } from '@portal/shared/endpoints/proxies';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** DELETE account/proxies/{id}/ */
export const deleteProxy = (id: number) => api.call(proxies.delete, { id });

export const useDeleteProxy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProxy,
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.proxies.all }),
  });
};
