import { useQuery } from '@tanstack/react-query';
import { notices } from '@portal/shared/endpoints/notices';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET notices/{id}/attachments/{n}/ — one of the notice's files, with its name. */
export const getNoticeFile = (id: number, n: number) => api.callFile(notices.attachment, { id, n });

/** An image attachment as a blob: address, which an <img> can show (the API wants the token header). */
export const useNoticeImage = (id: number, n: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.notices.file(id, n),
    queryFn: async () => URL.createObjectURL((await getNoticeFile(id, n)).blob),
    enabled,
    staleTime: Infinity,
  });
