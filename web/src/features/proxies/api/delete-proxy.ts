import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { PROXIES_KEY } from './keys.ts';

/** DELETE account/proxies/{id}/ */
export const deleteProxy = (id: number) => api.delete<void>(`/account/proxies/${id}/`);

export const useDeleteProxy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProxy,
    onSuccess: () => queryClient.removeQueries({ queryKey: PROXIES_KEY }),
  });
};
