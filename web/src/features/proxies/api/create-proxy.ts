import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProxyRequest } from '@portal/shared/contracts/proxies';
import { proxies } from '@portal/shared/endpoints/proxies';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** POST account/proxies/ — the caller is the principal. */
export const createProxy = (body: TProxyRequest) => api.call(proxies.create, {}, body);

export const useCreateProxy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProxy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proxies.all }),
  });
};
