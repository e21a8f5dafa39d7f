import { z } from 'zod';

/**
 * GET /api/attachment/{id}/download/ — only for people who may see the task (else 404).
 * `content` is base64; the web turns it into a Blob to preview (images, PDF) or save.
 */
export const ZAttachmentDownload = z.object({
  name: z.string(),
  content: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type TAttachmentDownload = z.infer<typeof ZAttachmentDownload>;
