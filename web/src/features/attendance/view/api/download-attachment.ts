import type { TAttachmentDownload } from '@portal/shared/contracts/attachments';
import { api } from '@/lib/api-client.ts';

/** The timesheet's name and base64 content (spec §7.7): only for people who may see the report. */
export const downloadAttachment = (attachmentId: number) =>
  api.get<TAttachmentDownload>(`/attachment/${attachmentId}/download/`);
