import { useQueries } from '@tanstack/react-query';
import type { TManualAttachment } from '@portal/shared/contracts/manual';
import { manual } from '@portal/shared/endpoints/manual';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET manual/pages/{id}/attachments/{n}/ — behind the sign-in, so fetched rather than linked. */
export const getManualAttachment = (id: number, n: number) =>
  api.callFile(manual.attachment, { id, attachmentId: n });

const isImage = (a: TManualAttachment) => a.content_type.startsWith('image/');

/**
 * A page's images as blob: URLs, keyed by how its Markdown may name them (the attachment's address, its
 * file name as written and as the Markdown parser encodes it), for the renderer's `imageSources`. One
 * URL per image for the session: the cache keeps it, so it is made once rather than on every render.
 */
export function useManualImages(pageId: number, attachments: readonly TManualAttachment[]) {
  const images = attachments.filter(isImage);
  const results = useQueries({
    queries: images.map((a) => ({
      queryKey: queryKeys.manual.image(pageId, a.n),
      queryFn: async () => URL.createObjectURL((await getManualAttachment(pageId, a.n)).blob),
      staleTime: Infinity,
      gcTime: Infinity,
    })),
  });
  const sources: Record<string, string> = {};
  images.forEach((a, i) => {
    const url = results[i]?.data;
    if (url) for (const key of [a.url, a.name, encodeURI(a.name)]) sources[key] = url;
  });
  return sources;
}
