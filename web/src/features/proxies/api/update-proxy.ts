import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProxy, TProxyRequest } from '@portal/shared/contracts/proxies';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** PUT account/proxies/{id}/ */
export const updateProxy = ({ id, body }: { id: number; body: TProxyRequest }) =>
  api.put<TProxy>(`/account/proxies/${id}/`, body);

export const useUpdateProxy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProxy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proxies.all }),
  });
};
