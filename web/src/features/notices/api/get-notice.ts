import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notices } from '@portal/shared/endpoints/notices';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET notices/{id}/ — the notice; the server marks it read for the caller. */
export const getNotice = (id: number) => api.call(notices.get, { id }, undefined, { notFoundPage: true });

/** The notice; once it is read, the lists and /home's card show it read. */
export function useNotice(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.notices.detail(id), queryFn: () => getNotice(id) });
  const read = query.isSuccess;
  useEffect(() => {
    if (!read) return;
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.notices.all, 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['home'] });
  }, [read, queryClient]);
  return query;
}
