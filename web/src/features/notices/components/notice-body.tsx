import { useQueries } from '@tanstack/react-query';
import { ATTACHMENT_EXTENSIONS } from '@portal/shared/limits';
import type { TNotice } from '@portal/shared/contracts/notices';
import { queryKeys } from '@/api/query-keys.ts';
import { Markdown } from '@/components/markdown/markdown.tsx';
import { getNoticeFile } from '../api/get-notice-file.ts';

const IMAGES: readonly string[] = ATTACHMENT_EXTENSIONS.image;
export const isImage = (name: string) => IMAGES.includes(name.split('.').pop()?.toLowerCase() ?? '');

/**
 * `![…](attachment:N)` in a body names the notice's N-th file: each becomes the blob: address of that
 * file, fetched with the token, and those addresses are the only images the body may show.
 */
export function useAttachmentImages(notice: Pick<TNotice, 'id' | 'body' | 'attachments'>) {
  const images = notice.attachments.filter(
    (a) => isImage(a.name) && notice.body.includes(`attachment:${a.n}`),
  );
  const results = useQueries({
    queries: images.map((a) => ({
      queryKey: queryKeys.notices.file(notice.id, a.n),
      queryFn: async () => URL.createObjectURL((await getNoticeFile(notice.id, a.n)).blob),
      staleTime: Infinity,
    })),
  });
  const urls = new Map<number, string>();
  images.forEach((a, i) => {
    const url = results[i]?.data;
    if (url) urls.set(a.n, url);
  });
  const source = notice.body.replace(/\]\(attachment:(\d+)\)/g, (match, n: string) => {
    const url = urls.get(Number(n));
    return url ? `](${url})` : match;
  });
  return { source, imageUrls: [...urls.values()] };
}

/** A notice's body as employees see it: Markdown without raw HTML, images only from its files. */
export function NoticeBody({ notice }: { notice: Pick<TNotice, 'id' | 'body' | 'attachments'> }) {
  const { source, imageUrls } = useAttachmentImages(notice);
  return (
    <Markdown className="notice-body" imageUrls={imageUrls}>
      {source}
    </Markdown>
  );
}
