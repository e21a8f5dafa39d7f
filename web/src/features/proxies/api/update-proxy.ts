import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProxyRequest } from '@portal/shared/contracts/proxies';
import { proxies } from '@portal/shared/endpoints/proxies';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** PUT account/proxies/{id}/ */
export const updateProxy = ({ id, body }: { id: number; body: TProxyRequest }) =>
  api.call(proxies.replace, { id }, body);

export const useUpdateProxy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProxy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proxies.all }),
  });
};
